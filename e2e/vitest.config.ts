import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { laneCount, RECORDED_SECONDS } from './lanes';

/**
 * Longest journeys first (recorded times), so the lanes end close together, and the fresh-install check last: it
 * reads the demo content its lane's server seeded in the background after its first start, which has ended by then
 * (first, it would hold a lane back while it waits).
 */
class LongestFirstFreshInstallLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const name = (f: TestSpecification) => (f.moduleId.split('/').pop() ?? '').replace(/\.e2e\.ts$/, '');
    const weight = (f: TestSpecification) => (name(f) === 'fresh-install' ? -1 : (RECORDED_SECONDS[name(f)] ?? 30));
    return sorted.sort((a, b) => weight(b) - weight(a));
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
    // one file per lane at a time; each lane has its own server (global-setup)
    fileParallelism: laneCount() > 1,
    maxWorkers: laneCount(),
    sequence: { sequencer: LongestFirstFreshInstallLast },
    pool: 'forks',
  },
});
