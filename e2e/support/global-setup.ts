// One Chromium for the whole e2e run (docs/operations.md "Test suite"): started once here as a Playwright
// browser server, and every spec file connects to it (launchBrowser in browser.ts) instead of starting its
// own. Each file still works in browser contexts of its own, which share no cookies, storage or cache.
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../apps/server/scripts/build-server';
import { launchBrowserServer } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    browserWsEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Every spec file starts the server as `npm run serve` does: from its build, made here from the current sources.
  const [server] = await Promise.all([launchBrowserServer(), buildServer()]);
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
