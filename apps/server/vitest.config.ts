import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    // One module graph per worker, not per file: every test builds its own app, database and key prefix and
    // no file mocks a module, so nothing is shared but the compiled code; importing the server afresh for
    // each file was half of the stage's time (docs/operations.md "Test suite").
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
