import { defineProject } from 'vitest/config';
import { REACT_ON_PREACT } from './react-on-preact.ts';

export default defineProject({
  resolve: { alias: REACT_ON_PREACT },
  oxc: { jsx: { runtime: 'automatic' } },
  test: { name: 'web', environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'], setupFiles: ['src/test/setup.ts'] },
});
