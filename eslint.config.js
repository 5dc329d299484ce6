import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import compat from 'eslint-plugin-compat';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

// Imports flow one way (STYLE.md "Boundaries"): protocol <- server and web;
// on the web, shared (components, lib) -> features -> app, and features never import each other.
// On the server, the platform (every folder of apps/server/src that is not a capability) does not depend on
// a capability, save the account module's public surface (the session type of `authenticate`), and a
// capability reaches another only through that one's module file (docs/architecture.md "Modules").
// Both lists are read from the folders, so a capability or feature is covered the day its folder is made:
// a server capability is a folder with a `<name>-module.ts`, the composition (admin, the command line that
// builds modules as app.ts does) aside; every folder of apps/web/src/features is a feature.
// Server imports end in .js (ESM), which the boundary rule above cannot resolve to .ts, so these rules
// match the import paths themselves.
const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const SERVER_COMPOSITION = ['admin'];
const serverFolders = folders('./apps/server/src/').filter((f) => !SERVER_COMPOSITION.includes(f));
const isCapability = (f) => existsSync(new URL(`./apps/server/src/${f}/${f}-module.ts`, import.meta.url));
const serverCapabilities = serverFolders.filter(isCapability);
const serverPlatform = serverFolders.filter((f) => !isCapability(f));
const intoCapability = (names) => `^(\\.\\./)+(${names.join('|')})/(?![\\w-]+-module\\.js$)`;
const webFeatures = folders('./apps/web/src/features/');

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
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'shared UI does not depend on features or the app',
            },
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
              message: 'lib does not depend on UI',
            },
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
    files: serverPlatform.map((p) => `apps/server/src/${p}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: intoCapability(serverCapabilities), message: 'the server platform does not depend on a capability (docs/architecture.md "Modules")' },
          ],
        },
      ],
    },
  },
  ...serverCapabilities.map((c) => ({
    files: [`apps/server/src/${c}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: intoCapability(serverCapabilities.filter((other) => other !== c)),
              message: "a capability reaches another only through that one's <capability>-module.ts",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Pages show China time with @tyd/protocol's chinaDate/chinaDateTime (SPEC §3 dates with hyphens). An
      // Intl formatter with a time zone loads ICU's zone and locale data when it is built: measured at
      // about 80 ms of the slow-phone preset's processor before hydration when one sat in the shell
      // (bench/README.md "Before hydration"; docs/protocol.md §13).
      'no-restricted-properties': ['error', { object: 'Intl', property: 'DateTimeFormat', message: 'use chinaDate / chinaDateTime from @tyd/protocol/wire' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'use chinaDate / chinaDateTime from @tyd/protocol/wire',
        },
      ],
    },
  },
  {
    // The oldest browsers the web app runs in (docs/architecture.md "Browser floor"): the build's syntax is
    // ES2020 (apps/web/vite.config.ts `build.target`), and no web API newer than these is used without a
    // check or a fallback. Tests run in Node and happy-dom, not in a phone.
    // The protocol's modules are in the bundle too. The operators' console (its own entry) is used on
    // current desktop browsers (docs/operations.md "The console").
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/protocol/src/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'apps/web/src/console/**',
      'apps/web/src/**/ops-*',
      'apps/web/src/features/operators/**',
      'apps/web/src/features/telemetry/components/uplot-chart.ts',
    ],
    plugins: { compat },
    settings: { browsers: ['chrome >= 80', 'and_chr >= 80', 'safari >= 13.1', 'ios_saf >= 13.4'], lintAllEsApis: true },
    rules: { 'compat/compat': 'error' },
  },
  {
    files: ['scripts/**', 'apps/web/scripts/**', 'bench/**', 'e2e/**', 'apps/server/src/**/*-cli.ts', 'deploy/**/*-cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
