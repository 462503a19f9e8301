import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The default order, with the fresh-install check last: it reads the demo content the server seeded in the background
 * after its first start, which has ended by then (first, it would hold every journey back while it waits).
 */
class FreshInstallLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => (f.moduleId.endsWith('fresh-install.e2e.ts') ? 1 : 0);
    return sorted.sort((a, b) => last(a) - last(b));
  }
}

/** End-to-end journeys: playwright-core driving Debian's Chromium against the built web and real servers. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // `expect.poll` waits for a page that reloads or re-renders: its 1 s default is too short on a loaded CI machine.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    fileParallelism: false,
    sequence: { sequencer: FreshInstallLast },
    pool: 'forks',
  },
});
