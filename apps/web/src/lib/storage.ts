// localStorage / sessionStorage that never throw: Safari private mode and some webviews refuse
// storage, and the app must still work (with state only kept in memory).

function safe(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function make(kind: 'localStorage' | 'sessionStorage') {
  return {
    get(key: string): string | null {
      try {
        return safe(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        safe(kind)?.setItem(key, value);
      } catch {
        // Quota or privacy mode: the in-memory state still holds the value.
      }
    },
    remove(key: string): void {
      try {
        safe(kind)?.removeItem(key);
      } catch {
        // See set().
      }
    },
  };
}

export const local = make('localStorage');
export const session = make('sessionStorage');
