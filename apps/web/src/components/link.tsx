// In-app link: a real <a href> (long-press, open in new tab and screen readers work) whose plain
// clicks go through the router, so navigation guards and hooks run (SPEC §2).
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useRouter } from '../lib/router-react';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  replace?: boolean;
}

export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const router = useRouter();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    // Leave to the browser what it does better: new tabs, downloads, modified clicks.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if ((rest.target && rest.target !== '_self') || rest.download !== undefined) return;
    event.preventDefault();
    void router.navigate(to, { replace });
  }
  return <a {...rest} href={to} onClick={handleClick} />;
}
