// The allow-list check of rendered content HTML (docs/architecture.md "Content"): every tag and attribute
// is one the renderer may produce, every href is http(s), a path on this site or a tel: number, every
// image is ours.
// Shared by the renderer's hostile-input tests and the API tests that read hostile items back.
import { expect } from 'vitest';

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'a',
  'img',
  'strong',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  's',
]);
const ALLOWED_ATTRS = new Set(['href', 'src', 'alt', 'title', 'rel', 'target', 'loading', 'decoding', 'start', 'style', 'class']);

/** Every tag and attribute of the HTML is allowed, and every href/src is ours or http(s). */
export function expectSafe(html: string): void {
  for (const [, tag, attrs] of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    expect(ALLOWED_TAGS.has(tag!.toLowerCase()), `tag ${tag} in ${html}`).toBe(true);
    for (const [, name, value] of attrs!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)) {
      expect(ALLOWED_ATTRS.has(name!.toLowerCase()), `attribute ${name} in ${html}`).toBe(true);
      if (name === 'href') expect(value, html).toMatch(/^(https?:\/\/|\/(?!\/)|tel:\+?[0-9][0-9-]*$)/i);
      if (name === 'src') expect(value, html).toMatch(/^\/content-images\/[A-Za-z0-9_-]+$/);
      if (name === 'class') expect(value, html).toMatch(/^language-[^\s<>"']+$/);
      if (name === 'style') expect(value, html).toMatch(/^text-align:(left|right|center)$/);
    }
    // Nothing but name="value" pairs: an unquoted or broken attribute would show here.
    expect(attrs!.replace(/\s*([a-zA-Z-]+)="[^"]*"/g, '').trim(), `stray attribute text in ${html}`).toBe('');
  }
  // The text may say "javascript:" (escaped, as words); no attribute may.
  for (const [, value] of html.matchAll(/="([^"]*)"/g)) expect(value, html).not.toMatch(/javascript:|vbscript:|data:/i);
}
