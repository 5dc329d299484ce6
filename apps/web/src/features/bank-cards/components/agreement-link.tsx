// The 快捷支付服务协议 as a link that leaves the form as it is: inside the app in a native window (openWin,
// docs/bridge.md), in a browser in a new tab, as /login opens its documents (auth's agreement-consent.tsx).
// Only a document of this site or an https one is linked; anything else shows as plain text.
import type { MouseEvent, ReactNode } from 'react';
import { clientEnv } from '../../../lib/env';
import { withNative } from '../../../lib/native';

export function AgreementLink({ title, url, children, className }: { title: string; url: string; children?: ReactNode; className?: string }) {
  let href: string | null = null;
  try {
    const target = new URL(url, window.location.href);
    if (target.origin === window.location.origin || target.protocol === 'https:') href = target.href;
  } catch {
    href = null;
  }
  const text = children ?? `《${title}》`;
  if (!href) return <span className={className}>{text}</span>;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!clientEnv().inApp) return;
    event.preventDefault();
    withNative('openWin', (bridge) => bridge.openWin({ url: href, title }));
  };
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer" onClick={open}>
      {text}
    </a>
  );
}
