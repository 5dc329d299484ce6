// Page titles (SPEC §2): document.title, and inside the app the native title bar.
import { useEffect } from 'react';
import { DEFAULT_TITLE } from '@tyd/protocol/wire';
import { withNative } from './native';

export function applyTitle(title: string | undefined, sendToApp: boolean): void {
  const text = title || DEFAULT_TITLE;
  document.title = text;
  if (sendToApp) withNative('setTitle', (bridge) => bridge.setTitle(text));
}

/** For default-title routes: the page sets its title from its content once it has it. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) applyTitle(title, true);
  }, [title]);
}
