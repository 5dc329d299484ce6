// An article's body as the server rendered it (docs/architecture.md "Content": Markdown with raw HTML off,
// links and images checked on the server), inserted as HTML. Links to our own paths go through the router
// instead of reloading the page; external ones open as the server marked them.
import type { MouseEvent } from 'react';
import { useRouter } from '../lib/router-react';
import './rich-text.css';

export function RichText({ html, label }: { html: string; label?: string }) {
  const router = useRouter();
  function handleClick(event: MouseEvent<HTMLDivElement>) {
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || !href.startsWith('/') || href.startsWith('//') || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void router.navigate(href);
  }
  // The HTML comes from our server's renderer only (never from user input in the page).
  return <div className="rich-text" aria-label={label} onClick={handleClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
