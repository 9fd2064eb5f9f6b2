import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two forks even on a 2-core machine (vitest's default is cores - 1): most tests wait on
    // child processes, sockets and databases, so two files at a time nearly halve the wall time.
    maxWorkers: 2,
    globalSetup: ['test/support/global-setup.ts'],
  },
});
