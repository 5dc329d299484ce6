// Renders a route's first screen with the server's answers (first-answers.ts; docs/architecture.md "Server
// answers in the first screen") in a worker thread that runs the web build's prerender bundle
// (first-screen-worker.mjs). The worker starts with the first page that needs it, not with the server:
// most servers (tests, API-only deployments) never render. A render is kept per (route, visitor, answers),
// the last few, so the answers that rarely change (configuration, the operators' package) are rendered
// once; a page waits for a new one at most `waitMs` and otherwise goes out with the plain prerender,
// while the render finishes for the next request. A render that fails is logged and not tried again for
// a minute (the server and the web build disagree, or the worker died): the plain prerender meanwhile.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { FirstAnswers } from './first-answers.js';

export interface AnsweredScreen {
  /** #root's markup. */
  html: string;
  /** The queries the answers filled (apps/web/src/prerender.tsx `AnsweredScreen`), for the page to seed. */
  queries: unknown[];
  /** Identifies the screen among its route's variants (the page cache keeps one per variant). */
  digest: string;
}

export interface FirstScreenRenderer {
  /** The screen, or undefined when it is not ready within the wait or failed: the plain prerender goes out. */
  render(route: string, visitor: boolean, answers: FirstAnswers): Promise<AnsweredScreen | undefined>;
  close(): Promise<void>;
}

export interface RendererOptions {
  /** The web build's prerender bundle (apps/web/dist/.vite/ssr). */
  ssrDir: string;
  /** How long a page waits for a render not kept yet. */
  waitMs: number;
  log: FastifyBaseLogger;
  /** Renders kept. */
  keep?: number;
}

/** How long a failed render is not tried again. */
const RETRY_FAILED_MS = 60_000;

interface WorkerAnswer {
  id?: number;
  screen?: { html: string; queries: unknown[] };
  error?: string;
}

/** The renderer, or undefined when the build has no prerender bundle (an older build: plain prerenders only). */
export function createFirstScreenRenderer({ ssrDir, waitMs, log, keep = 16 }: RendererOptions): FirstScreenRenderer | undefined {
  if (!existsSync(join(ssrDir, 'prerender.js'))) return undefined;
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (screen: WorkerAnswer['screen']) => void; reject: (error: Error) => void }>();
  const kept = new Map<string, Promise<AnsweredScreen | undefined>>();

  function stopped(error: Error) {
    worker = undefined;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  }

  function started(): Worker {
    if (worker) return worker;
    const thread = new Worker(new URL('./first-screen-worker.mjs', import.meta.url), { workerData: { ssrDir } });
    // Never what keeps the process alive: a closing server does not wait for it.
    thread.unref();
    thread.on('message', ({ id, screen, error }: WorkerAnswer) => {
      if (id === undefined) return;
      const caller = waiting.get(id);
      waiting.delete(id);
      if (error === undefined) caller?.resolve(screen);
      else caller?.reject(new Error(error));
    });
    thread.on('error', (error) => {
      log.error({ err: error }, 'first-screen worker failed');
      stopped(error);
    });
    thread.on('exit', (code) => {
      if (worker === thread) stopped(new Error(`first-screen worker exited with ${code}`));
    });
    worker = thread;
    return thread;
  }

  function renderInWorker(route: string, visitor: boolean, answers: FirstAnswers): Promise<AnsweredScreen> {
    const thread = started();
    const id = nextId++;
    return new Promise<WorkerAnswer['screen']>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      thread.postMessage({ id, path: route, visitor, answers });
    }).then((screen) => {
      if (typeof screen?.html !== 'string' || !Array.isArray(screen.queries)) throw new Error('the worker answered without a screen');
      const digest = createHash('sha256').update(JSON.stringify(screen)).digest('base64url').slice(0, 16);
      return { html: screen.html, queries: screen.queries, digest };
    });
  }

  return {
    async render(route, visitor, answers) {
      const key = JSON.stringify([route, visitor, answers]);
      let screen = kept.get(key);
      if (!screen) {
        const rendering: Promise<AnsweredScreen | undefined> = renderInWorker(route, visitor, answers).catch((error: unknown) => {
          log.error({ err: error, route }, 'first screen with answers failed; the plain prerender goes out');
          setTimeout(() => kept.get(key) === rendering && kept.delete(key), RETRY_FAILED_MS).unref();
          return undefined;
        });
        screen = rendering;
        kept.set(key, screen);
        if (kept.size > keep) kept.delete(kept.keys().next().value!);
      }
      const timeout = new AbortController();
      try {
        return await Promise.race([screen, sleep(waitMs, undefined, { signal: timeout.signal }).catch(() => undefined)]);
      } finally {
        timeout.abort();
      }
    },
    async close() {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
