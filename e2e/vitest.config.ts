import { defineProject } from 'vitest/config';

// Browser journeys: each file starts its own server (its own data directory, keys and XSRF secret) and
// connects to the run's one Chromium (support/global-setup.ts), working in browser contexts of its own.
// Two files run at a time (docs/operations.md "Test suite": measured on the two-core machine, 1 vs 2 vs 3).
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.spec.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    maxWorkers: 2,
    // Each file starts its own server and browser contexts and mocks nothing: the support code and the
    // protocol are imported once per worker, not once per file (docs/operations.md "Test suite").
    isolate: false,
    // After the other projects when one Vitest run has them all (a project's own maxWorkers needs its own group).
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the page does next (a lazy page chunk, a server answer); on a loaded
    // two-core CI machine that takes longer than Vitest's 1 s default, which made journeys flaky.
    expect: { poll: { timeout: 10_000 } },
  },
});
