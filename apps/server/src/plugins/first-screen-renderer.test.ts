// The first-screen renderer against a stand-in for the web build's prerender bundle (the real one is
// exercised by the API test and e2e/prerender.spec.ts): a render is kept per (route, visitor, answers),
// a page never waits longer than asked, and a failing render or a dying worker costs the page nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFirstScreenRenderer, type FirstScreenRenderer } from './first-screen-renderer.js';

// Each render numbered, so a kept render shows the number it had; `slow`, `fail` and `die` answers act out.
const PRERENDER = `
let renders = 0;
export async function renderWithAnswers(visitor, answers) {
  if (answers.fail) throw new Error('no query reads the answer of fail');
  if (answers.die) process.exit(3);
  if (answers.slow) await new Promise((resolve) => setTimeout(resolve, 300));
  renders += 1;
  return { html: '<p>' + location.pathname + ' ' + visitor + ' #' + renders + '</p>', queries: Object.entries(answers) };
}`;
const WINDOW = `export function installPrerenderWindow() {
  const happyDOM = { setURL: (url) => { globalThis.location = new URL(url); } };
  return { happyDOM };
}`;

let ssrDir: string;
let renderer: FirstScreenRenderer;
const log = { error: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

beforeAll(() => {
  ssrDir = mkdtempSync(join(tmpdir(), 'tyd-ssr-'));
  writeFileSync(join(ssrDir, 'prerender.js'), PRERENDER);
  writeFileSync(join(ssrDir, 'prerender-window.js'), WINDOW);
  renderer = createFirstScreenRenderer({ ssrDir, waitMs: 5_000, log })!;
});
afterAll(async () => {
  await renderer?.close();
  rmSync(ssrDir, { recursive: true, force: true });
});

describe('first-screen renderer', () => {
  it('renders a route with its answers in the worker, and keeps the render for the same answers', async () => {
    const first = await renderer.render('/download', true, { '/v1/user/getAppDownloadUrl': { androidUrl: 'https://a' } });
    expect(first?.html).toMatch(/^<p>\/download true #\d+<\/p>$/);
    expect(first?.queries).toEqual([['/v1/user/getAppDownloadUrl', { androidUrl: 'https://a' }]]);
    const again = await renderer.render('/download', true, { '/v1/user/getAppDownloadUrl': { androidUrl: 'https://a' } });
    expect(again).toEqual(first);
    // Other answers, another visitor form: a render of their own, told apart by the digest.
    const other = await renderer.render('/download', true, { '/v1/user/getAppDownloadUrl': { androidUrl: 'https://b' } });
    const neutral = await renderer.render('/download', false, { '/v1/user/getAppDownloadUrl': { androidUrl: 'https://a' } });
    expect(new Set([first?.digest, other?.digest, neutral?.digest]).size).toBe(3);
    expect(neutral?.html).toContain('/download false');
  });

  it('lets a page wait no longer than asked; the render still lands for the next request', async () => {
    const impatient = createFirstScreenRenderer({ ssrDir, waitMs: 20, log })!;
    try {
      const started = Date.now();
      expect(await impatient.render('/cloudSteward/index', true, { slow: true })).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(250);
      await expect.poll(() => impatient.render('/cloudSteward/index', true, { slow: true }), { timeout: 10_000 }).toMatchObject({ html: expect.stringContaining('/cloudSteward/index true') });
    } finally {
      await impatient.close();
    }
  });

  it('answers undefined for a render that fails, and logs it', async () => {
    log.error.mockClear();
    expect(await renderer.render('/download', true, { fail: true })).toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ route: '/download' }), expect.stringContaining('plain prerender'));
    // The worker is still there for other answers.
    expect((await renderer.render('/download', true, { ok: 1 }))?.html).toContain('/download true');
  });

  it('survives its worker dying: that render fails, the next one starts a new worker', async () => {
    expect(await renderer.render('/download', true, { die: true })).toBeUndefined();
    const after = await renderer.render('/download', true, { ok: 2 });
    expect(after?.html).toMatch(/#1<\/p>$/);
  });

  it('is not there for a build without the prerender bundle', () => {
    expect(createFirstScreenRenderer({ ssrDir: join(ssrDir, 'missing'), waitMs: 10, log })).toBeUndefined();
  });
});
