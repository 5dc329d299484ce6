import { defineConfig } from 'vitest/config';

// The deployment checks (docs/operations.md "Deploying"): nginx, the systemd units, the container image,
// rolling restarts and the backup drills. They start real processes and build an image, so they run as their
// own command (`npm run test:deploy`, which .ci/run calls after `npm test`), one file at a time.
export default defineConfig({
  test: {
    name: 'deploy',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
