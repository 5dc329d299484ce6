// Renders the toast and the loading toast of lib/notify.ts. Both sit in one polite live region
// so screen readers announce them (WAI-ARIA status role) without moving focus.
import { useSyncExternalStore } from 'react';
import { notifyStore } from '../lib/notify';
import './toaster.css';

export function Toaster() {
  const { toast, loading } = useSyncExternalStore(notifyStore.subscribe, notifyStore.get);
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
