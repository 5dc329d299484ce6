// Toast and loading-toast state, outside React so the API client (lib) can raise them; the
// <Toaster> component (components/toaster.tsx) renders them. The loading toast is counted so
// parallel calls open it once and close it when the last one ends (no flicker; SPEC §4).

export type ToastKind = 'info' | 'fail' | 'success';

export interface NotifyState {
  toast: { id: number; text: string; kind: ToastKind } | null;
  /** Text of the open loading toast, or null when no user call is running. */
  loading: string | null;
}

/** SPEC §2: the loading toast's default text. */
export const DEFAULT_LOADING_TEXT = 'loading...';
/** Long enough to read two lines of Chinese, short enough not to cover the next action. */
export const TOAST_MS = 2_000;

let state: NotifyState = { toast: null, loading: null };
let loadingCount = 0;
let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: Partial<NotifyState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const notifyStore = {
  get: (): NotifyState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** Shows one short message; a new one replaces the previous. Empty text shows nothing. */
export function toast(text: string, kind: ToastKind = 'info'): void {
  if (!text) return;
  clearTimeout(hideTimer);
  set({ toast: { id: nextId++, text, kind } });
  hideTimer = setTimeout(() => set({ toast: null }), TOAST_MS);
}

export function dismissToast(): void {
  clearTimeout(hideTimer);
  set({ toast: null });
}

/** Opens the loading toast; returns its close function (idempotent). */
export function openLoading(text: string = DEFAULT_LOADING_TEXT): () => void {
  loadingCount += 1;
  if (state.loading === null) set({ loading: text });
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    loadingCount -= 1;
    if (loadingCount === 0) set({ loading: null });
  };
}
