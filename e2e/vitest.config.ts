import { defineConfig } from 'vitest/config';

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
    pool: 'forks',
  },
});
