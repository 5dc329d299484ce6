import { afterEach, describe, expect, it } from 'vitest';
import { pagePerfKey, readPagePerf, startPagePerf } from '../../../lib/page-perf';
import { createRouter, type Router } from '../../../lib/router';
import { startPagePerfReporting } from './page-perf-reporter';
import type { PerfReport, PerfWatchEnv } from './page-perf-watch';

/** Every page static: it reports at its first frame, which the test fires. */
function staticPages() {
  const frames: ((at: number) => void)[] = [];
  const env: PerfWatchEnv = {
    requests: { get: () => 0, subscribe: () => () => {} },
    lastResponseEnd: () => undefined,
    afterFirstFrame: (_since, run) => {
      frames.push(run);
      return () => {};
    },
    hidden: () => false,
    onHidden: () => () => {},
  };
  return { env, frame: (at: number) => frames.shift()?.(at) };
}

let router: Router;
afterEach(() => router.destroy());

describe('page performance reporting on the router', () => {
  it('reports each page once and writes _perf and the done-flag into its stored record (SPEC §3)', async () => {
    window.history.replaceState(null, '', '/');
    router = createRouter();
    router.beforeEach((to) => void startPagePerf(to.path));
    const pages = staticPages();
    const sent: [PerfReport, string][] = [];
    startPagePerfReporting(router, pages.env, (result, location) => sent.push([result, location.fullPath]));
    await router.start();
    const start = readPagePerf('/')!._st;
    pages.frame(start + 40);
    expect(sent).toEqual([[{ _pn: '/', _st: start, _perf: 40 }, '/']]);
    expect(readPagePerf('/')).toEqual({ _pn: '/', _st: start, _du: true, _perf: 40 });

    await router.navigate('/nfc?utm_source=push');
    const nfc = readPagePerf('/nfc')!;
    expect(nfc._du).toBe(false);
    // A newer visit of /nfc replaced the record before this one reported: it is left alone.
    localStorage.setItem(pagePerfKey('/nfc'), JSON.stringify({ ...nfc, _st: nfc._st + 1 }));
    pages.frame(nfc._st + 25);
    expect(sent[1]).toEqual([{ _pn: '/nfc', _st: nfc._st, _perf: 25 }, '/nfc?utm_source=push']);
    expect(readPagePerf('/nfc')?._du).toBe(false);
  });

  it('a page left before it reported reports at the leave, flagged left', async () => {
    window.history.replaceState(null, '', '/download');
    router = createRouter();
    router.beforeEach((to) => void startPagePerf(to.path));
    const sent: PerfReport[] = [];
    startPagePerfReporting(router, staticPages().env, (result) => sent.push(result));
    await router.start();
    await router.navigate('/nfc');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ _pn: '/download', left: true });
    expect(readPagePerf('/download')?._du).toBe(true);
  });
});
