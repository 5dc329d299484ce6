// A small history-mode router (SPEC §2: history mode, base /). Every route of the product is a
// static path, so no pattern matching is needed; what is needed is SPEC §2's navigation
// semantics: guards that cancel, abort or redirect, before/after hooks, scroll restoration on
// back navigation, and the four router failures of SPEC §8 (duplicated, cancelled, aborted,
// redirected). Failures are returned, never thrown, so navigating to the current address is a
// quiet no-op.
//
// The router only ever moves within this origin: a target that is not a plain same-origin path
// (lib/safe-address.ts) is refused as 'aborted', whoever asked for it (a link, a guard's redirect, a
// returnUrl). Leaving for a partner site is a separate, named call (leaveForPartner).
import { sameOriginPath } from './safe-address';

export interface RouteLocation {
  /** Pathname, normalised without a trailing slash (except '/'). */
  path: string;
  /** Search string including '?', or ''. */
  search: string;
  hash: string;
  /** path + search + hash: what the address bar shows after the origin. */
  fullPath: string;
  /** Unique per history entry, so a page re-mounts when the entry changes. */
  key: string;
}

export type NavigationFailureType = 'duplicated' | 'cancelled' | 'aborted' | 'redirected';

export class NavigationFailure extends Error {
  override name = 'NavigationFailure';
  constructor(
    readonly type: NavigationFailureType,
    readonly to: string,
    readonly from: string,
    /** Where a guard sent the navigation instead ('redirected' only). */
    readonly redirectTo?: string,
  ) {
    super(`navigation ${type}: ${from} -> ${to}${redirectTo ? ` -> ${redirectTo}` : ''}`);
  }
}

/** void/true: go on; false: abort; a string: redirect there. A throwing guard aborts too. */
export type GuardResult = void | boolean | string;
export type NavigationGuard = (to: RouteLocation, from: RouteLocation | null) => GuardResult | Promise<GuardResult>;
export type NavigationType = 'push' | 'replace' | 'pop' | 'start';
export type AfterHook = (to: RouteLocation, from: RouteLocation | null, type: NavigationType) => void;

export interface NavigateOptions {
  replace?: boolean;
}

interface EntryState {
  key: string;
  idx: number;
  scroll?: { x: number; y: number };
}

/** Guards redirecting in a circle must end somewhere. */
const MAX_REDIRECTS = 10;

export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function readState(raw: unknown): EntryState | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const s = raw as Partial<EntryState>;
  return typeof s.key === 'string' && typeof s.idx === 'number' ? (s as EntryState) : null;
}

function remove<T>(list: T[], item: T) {
  const i = list.indexOf(item);
  if (i >= 0) list.splice(i, 1);
}

export interface Router {
  readonly current: RouteLocation | null;
  /** Resolves the address the page was opened at through the guards. */
  start(): Promise<NavigationFailure | undefined>;
  navigate(to: string, opts?: NavigateOptions): Promise<NavigationFailure | undefined>;
  back(): void;
  /** True when the current entry was reached from an earlier entry of this app (Back stays in the app). */
  canGoBack(): boolean;
  beforeEach(guard: NavigationGuard): () => void;
  afterEach(hook: AfterHook): () => void;
  subscribe(listener: () => void): () => void;
  /** Saved scroll position of the current entry, when it was reached by back/forward. */
  savedScroll(): { x: number; y: number } | undefined;
  destroy(): void;
}

export function createRouter(win: Window = window): Router {
  const history = win.history;
  const guards: NavigationGuard[] = [];
  const afterHooks: AfterHook[] = [];
  const listeners = new Set<() => void>();
  let current: RouteLocation | null = null;
  // Two indexes, because a popstate moves the browser before the guards have decided: currentIdx is
  // the entry whose page is shown, browserIdx the entry the browser is on. They differ only while a
  // Back/Forward waits on its guards (or its undo is on the way); a push or replace lands after the
  // browser's entry, and an undo goes from the browser's entry back to the shown one.
  let currentIdx = 0;
  let browserIdx = 0;
  let restoreScroll: { x: number; y: number } | undefined;
  let pendingId = 0;
  // A popstate we caused ourselves (undoing an aborted back/forward) is not a navigation.
  let ignorePops = 0;
  let seq = 0;

  // Scroll is restored by the app after the page rendered (SPEC §2), not by the browser.
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

  const newKey = () => `${Date.now().toString(36)}-${(seq++).toString(36)}`;

  function parse(href: string, key: string): RouteLocation {
    const url = new URL(href, win.location.href);
    const path = normalisePath(url.pathname);
    return { path, search: url.search, hash: url.hash, fullPath: path + url.search + url.hash, key };
  }

  async function runGuards(to: RouteLocation, from: RouteLocation | null): Promise<GuardResult> {
    for (const guard of guards) {
      let result: GuardResult;
      try {
        result = await guard(to, from);
      } catch (error) {
        console.error('navigation guard failed', error);
        return false;
      }
      if (result === false || typeof result === 'string') return result;
    }
    return true;
  }

  function commit(to: RouteLocation, type: NavigationType) {
    const from = current;
    current = to;
    for (const hook of afterHooks) {
      try {
        hook(to, from, type);
      } catch (error) {
        console.error('after-navigation hook failed', error);
      }
    }
    for (const listener of listeners) listener();
  }

  function saveScrollOfCurrentEntry() {
    const state = readState(history.state);
    if (state) history.replaceState({ ...state, scroll: { x: win.scrollX, y: win.scrollY } }, '');
  }

  async function navigate(target: string, opts: NavigateOptions = {}, redirects = 0): Promise<NavigationFailure | undefined> {
    const fromPath = current?.fullPath ?? '';
    const path = sameOriginPath(target, win.location.origin);
    if (path === null) {
      console.warn('navigation refused: not a path on this origin');
      return new NavigationFailure('aborted', target, fromPath);
    }
    const to = parse(path, newKey());
    if (current && to.fullPath === current.fullPath && !opts.replace) {
      return new NavigationFailure('duplicated', to.fullPath, fromPath);
    }
    const id = ++pendingId;
    const result = await runGuards(to, current);
    if (id !== pendingId) return new NavigationFailure('cancelled', to.fullPath, fromPath);
    if (result === false) return new NavigationFailure('aborted', to.fullPath, fromPath);
    if (typeof result === 'string') {
      if (redirects >= MAX_REDIRECTS) return new NavigationFailure('aborted', to.fullPath, fromPath);
      const failure = await navigate(result, opts, redirects + 1);
      if (failure && failure.type !== 'duplicated') return failure;
      return new NavigationFailure('redirected', to.fullPath, fromPath, result);
    }
    restoreScroll = undefined;
    if (opts.replace) {
      history.replaceState({ key: to.key, idx: browserIdx } satisfies EntryState, '', to.fullPath);
    } else {
      saveScrollOfCurrentEntry();
      browserIdx += 1;
      history.pushState({ key: to.key, idx: browserIdx } satisfies EntryState, '', to.fullPath);
    }
    currentIdx = browserIdx;
    commit(to, opts.replace ? 'replace' : 'push');
    return undefined;
  }

  /** Puts the browser back on the shown entry after a refused Back/Forward, so the address bar matches the page. */
  function undoPop() {
    const steps = currentIdx - browserIdx;
    if (steps === 0) return;
    ignorePops += 1;
    history.go(steps);
  }

  async function handlePop(event: PopStateEvent) {
    const state = readState(event.state);
    if (ignorePops > 0) {
      // Our own undo arriving: the browser is back on the shown entry.
      ignorePops -= 1;
      browserIdx = state?.idx ?? currentIdx;
      return;
    }
    const to = parse(win.location.href, state?.key ?? newKey());
    // An entry without our state was added by the browser itself (a #fragment link): one past ours.
    browserIdx = state?.idx ?? browserIdx + 1;
    const id = ++pendingId;
    const result = await runGuards(to, current);
    // A newer navigation took over; it works from browserIdx, which is where the browser is.
    if (id !== pendingId) return;
    if (typeof result === 'string') {
      // The browser already moved to the guarded entry: that entry becomes the redirect's target. Undoing
      // the move first (history.go) and then pushing cannot work: go() is asynchronous, the push lands
      // before it and cuts off the entry it was going to, so the undo never fires and the user's next
      // Back is swallowed as if it were the undo.
      const failure = await navigate(result, { replace: true });
      // A refused redirect leaves the old page shown: the browser goes back to its entry.
      if (failure?.type === 'aborted') undoPop();
      return;
    }
    if (result === false) {
      undoPop();
      return;
    }
    currentIdx = browserIdx;
    if (!state) history.replaceState({ key: to.key, idx: currentIdx } satisfies EntryState, '');
    restoreScroll = state?.scroll;
    commit(to, 'pop');
  }

  const onPop = (event: PopStateEvent) => void handlePop(event);
  win.addEventListener('popstate', onPop);

  return {
    get current() {
      return current;
    },
    async start() {
      const state = readState(history.state);
      const to = parse(win.location.href, state?.key ?? newKey());
      currentIdx = state?.idx ?? 0;
      browserIdx = currentIdx;
      const id = ++pendingId;
      const result = await runGuards(to, null);
      if (id !== pendingId) return new NavigationFailure('cancelled', to.fullPath, '');
      if (typeof result === 'string') {
        // The first entry has nothing to go back to: the redirect replaces it.
        history.replaceState({ key: to.key, idx: currentIdx } satisfies EntryState, '');
        const failure = await navigate(result, { replace: true }, 1);
        return failure ?? new NavigationFailure('redirected', to.fullPath, '', result);
      }
      // An aborted first navigation still has to show something: the page that was asked for.
      history.replaceState({ key: to.key, idx: currentIdx, scroll: state?.scroll } satisfies EntryState, '');
      restoreScroll = state?.scroll;
      commit(to, 'start');
      return result === false ? new NavigationFailure('aborted', to.fullPath, '') : undefined;
    },
    navigate: (to, opts) => navigate(to, opts),
    back: () => history.back(),
    // Back leaves from the browser's entry.
    canGoBack: () => browserIdx > 0,
    beforeEach(guard) {
      guards.push(guard);
      return () => remove(guards, guard);
    },
    afterEach(hook) {
      afterHooks.push(hook);
      return () => remove(afterHooks, hook);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    savedScroll: () => restoreScroll,
    destroy() {
      win.removeEventListener('popstate', onPop);
      listeners.clear();
    },
  };
}
