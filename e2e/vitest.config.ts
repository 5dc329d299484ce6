import { defineProject } from 'vitest/config';

// Browser journeys share one server and one Chromium per file; files run one at a time
// because the machine has two cores.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.spec.ts'],
    exclude: ['**/node_modules/**'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the page does next (a lazy page chunk, a server answer); on a loaded
    // two-core CI machine that takes longer than Vitest's 1 s default, which made journeys flaky.
    expect: { poll: { timeout: 10_000 } },
  },
});
