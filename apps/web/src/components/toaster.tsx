// Renders the toast and the loading toast of lib/notify.ts. Both sit in one polite live region
// so screen readers announce them (WAI-ARIA status role) without moving focus.
import { useSyncExternalStore } from 'react';
import { notifyStore, type NotifyState } from '../lib/notify';
import './toaster.css';

// The prerendered page has no toast (lib/hydration.ts); one raised before hydration shows right after.
const NONE: NotifyState = { toast: null, loading: null };
const none = () => NONE;

export function Toaster() {
  const { toast, loading } = useSyncExternalStore(notifyStore.subscribe, notifyStore.get, none);
  return (
    <div className={`toast-layer${loading ? ' toast-layer--blocking' : ''}`} role="status" aria-live="polite">
      {loading ? (
        <div className="toast toast--loading" aria-busy="true">
          <span className="toast__spinner" aria-hidden="true" />
          <span>{loading}</span>
        </div>
      ) : toast ? (
        <div key={toast.id} className={`toast toast--${toast.kind}`}>
          {toast.text}
        </div>
      ) : null}
    </div>
  );
}
