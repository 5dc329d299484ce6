import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Two files at a time even on two cores (Vitest's default there is one): the API tests mostly wait on
    // PostgreSQL, Redis and HTTP, so a second worker uses the time the first spends waiting
    // (docs/operations.md "Test suite").
    maxWorkers: 2,
    projects: ['packages/protocol', 'apps/server', 'apps/web', 'e2e'],
  },
});
