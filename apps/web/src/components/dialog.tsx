// Modal dialog (WAI-ARIA APG "Dialog (Modal)"): role=dialog + aria-modal, labelled by its
// title, focus moves in on open and back to the opener on close, Escape and the mask close it,
// Tab stays inside, and the page behind does not scroll. `sheet` anchors it to the bottom edge, within
// thumb reach: for confirming an action the page offers (兑换).
import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useScrollLock } from './scroll-lock';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** The buttons; the first focusable one gets focus on open. */
  actions: ReactNode;
  onClose: () => void;
  sheet?: boolean;
}

export function Dialog({ open, title, children, actions, onClose, sheet }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useScrollLock(open);

  // Before the dialog is painted, whatever opened it (a press or an answer): focus is inside from its first frame.
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = ref.current?.querySelector<HTMLElement>('button, [href], input, [tabindex]:not([tabindex="-1"])');
    (first ?? ref.current)?.focus();
    return () => opener?.focus();
  }, [open]);

  if (!open) return null;

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>('button:not(:disabled), [href], input:not(:disabled), [tabindex]:not([tabindex="-1"])')];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className={sheet ? 'dialog-mask dialog-mask--sheet' : 'dialog-mask'} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={ref}
        className={sheet ? 'dialog dialog--sheet' : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children ? <div className="dialog__body">{children}</div> : null}
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>
  );
}
