import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Imports flow one way (STYLE.md "Boundaries"): protocol <- server and web;
// on the web, shared (components, lib) -> features -> app, and features never import each other.
const webFeatures = ['auth', 'account', 'notices', 'identity', 'bank-cards', 'telemetry', 'download', 'diagnostics', 'errors', 'content', 'activity'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'var/**', 'e2e/screenshots/**', 'e2e/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    // The boundary rule compares resolved files, so extensionless TypeScript imports must resolve.
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/protocol', from: ['./apps', './e2e', './bench'], message: 'protocol is pure and depends on nothing of ours' },
            { target: './apps/server', from: './apps/web', message: 'the server does not import the web app' },
            { target: './apps/web', from: './apps/server', message: 'the web app does not import the server' },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'shared UI does not depend on features or the app' },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'], message: 'lib does not depend on UI' },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features do not import the app layer' },
            ...webFeatures.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
              message: 'features do not import each other; compose them in src/app',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**', 'apps/web/scripts/**', 'bench/**', 'e2e/**', 'apps/server/src/**/*-cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
