import { defineConfig } from 'vitest/config';

// End-to-end tests: the built renderer in Debian's Chromium against a real `hermes-studio serve`.
// One file at a time: each starts a server, a scripted model and a browser on a 2-core machine.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/build-once.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    fileParallelism: false,
    // Test names carry the reason a test is skipped (the Electron binary); the default reporter hides them.
    reporters: ['verbose'],
  },
});
