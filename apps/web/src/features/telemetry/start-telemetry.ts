// The web app's telemetry (docs/telemetry.md; SPEC §1, §3, §4, §9), started by main.tsx 200 ms after the app
// (SPEC §9 analytics start delay) as a lazy chunk, outside every route's first load:
//  - page view / page leave with a 5 s heartbeat (analytics/page-visits.ts);
//  - page performance, once per page (perf/);
//  - web vitals (analytics/web-vitals.ts, its own lazy chunk);
//  - all sent to the collector by beacon (analytics/send-queue.ts). Inside the native app, events
//    also go to the app (bridge logEvent; the page-view is already sent by app/navigation.ts), and the
//    app SDK's shared properties (getSensorsData) are attached to every record.
import { newRecordId } from '@tyd/protocol/wire';
import { nativeBridge, withNative } from '../../lib/native';
import type { Router } from '../../lib/router';
import { sessionStore } from '../../lib/session';
import { local } from '../../lib/storage';
import { analyticsUrl } from '../../lib/analytics-url';
import { buildRecord, currentUrl, sharedProperties, type Ed, type RecordInit } from './analytics/records';
import { createPageVisits, type VisitStorage } from './analytics/page-visits';
import { createSendQueue, type Sender } from './analytics/send-queue';
import { browserPerfEnv, startPagePerfReporting } from './perf/page-perf-reporter';

const sender: Sender = {
  ...(typeof navigator.sendBeacon === 'function' ? { beacon: (url: string, body: string) => navigator.sendBeacon(url, body) } : {}),
  post: async (url, body, { keepalive }) => {
    const response = await fetch(url, { method: 'POST', body, keepalive, credentials: 'same-origin', headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    // Read the (small) body: an answer left unread keeps its request open in the browser.
    await response.arrayBuffer().catch(() => undefined);
    const retryAfter = Number(response.headers.get('retry-after'));
    return { status: response.status, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
  },
};

const visitStorage: VisitStorage = {
  ...local,
  keys() {
    try {
      return Object.keys(localStorage);
    } catch {
      return [];
    }
  },
};

const hidden = () => document.visibilityState === 'hidden';

export function startTelemetry(router: Router): void {
  const queue = createSendQueue({ storage: local, sender, clockOffset: () => sessionStore.get().clockOffset });
  // Inside the app, the app SDK's ids are asked once (bounded by the bridge timeout); records made
  // before the answer wait for it, in memory, until the page is left.
  const bridge = nativeBridge();
  let shared: Ed | undefined = bridge ? undefined : {};
  const waiting: RecordInit[] = [];
  function release(ids: Ed) {
    shared ??= ids;
    waiting.splice(0).forEach(emit);
  }
  bridge
    ?.then((b) => b.getSensorsData())
    .catch(() => null)
    .then((raw) => release(sharedProperties(raw)));

  function emit(init: RecordInit) {
    if (!shared) {
      waiting.push({ ct: Date.now(), purl: currentUrl(), ...init });
      return;
    }
    const record = buildRecord(init, shared);
    queue.push(record);
    if (bridge && record.kind !== 'pageview') {
      const { ct, purl, ei, et, en, el, ed } = record;
      withNative('logEvent', (b) => b.logEvent({ ct, purl, ei, et, en, el, ed }));
    }
    // A hidden page may be frozen or killed any moment: send now.
    if (hidden()) void queue.flush(true);
  }

  const visits = createPageVisits(newRecordId(), visitStorage, {
    view: (purl, at) => emit({ kind: 'pageview', ei: '$pageview', et: 'page', en: 'pageview', ct: at, purl, ed: { title: document.title } }),
    leave: (visit, at, duration, recovered) =>
      emit({
        kind: 'pageleave',
        ei: '$pageleave',
        et: 'page',
        en: 'pageleave',
        ct: at,
        purl: visit.purl,
        ed: recovered ? { duration, recovered } : { duration },
      }),
  });
  visits.recover();

  const perf = startPagePerfReporting(router, browserPerfEnv, (result, location) =>
    emit({ kind: 'perf', ei: '$perf', et: 'perf', en: 'perf', purl: analyticsUrl(location.path, location.search), ed: { ...result } }),
  );

  if (router.current) visits.show(analyticsUrl(router.current.path, router.current.search));
  router.afterEach((to) => visits.show(analyticsUrl(to.path, to.search)));

  addEventListener('pagehide', () => {
    release({});
    perf.leave();
    visits.leave();
    void queue.flush(true);
  });
  // Back from the back/forward cache: the same document, a new visit.
  addEventListener('pageshow', (event) => {
    if (event.persisted) visits.show(currentUrl());
  });
  document.addEventListener('visibilitychange', () => {
    visits.beat();
    if (hidden()) void queue.flush(true);
  });

  void queue.flush();
  // The page load's own measures: they belong to the route it landed on, whatever it shows when they are
  // reported (INP and CLS come at hide), which /ops groups them by (docs/telemetry.md "vital").
  const landedOn = router.current?.path ?? location.pathname;
  import('./analytics/web-vitals')
    .then(({ reportWebVitals }) =>
      reportWebVitals((vital) =>
        emit({
          kind: 'vital',
          ei: '$vital',
          et: 'vital',
          en: vital.name,
          ed: { _pn: landedOn, name: vital.name, value: vital.value, rating: vital.rating },
        }),
      ),
    )
    .catch((error: unknown) => console.warn('web vitals failed to load', error));
}
