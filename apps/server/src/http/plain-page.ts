// A page the server answers itself, outside the web app (docs/api.md "Other routes on the same port"):
// a static document styled like the app (its colours, type and 44 px button; light and dark as the system
// says), so a person who lands on it does not meet a raw page. No script, no frame, no form: its CSP allows
// only its own stylesheet, by hash.
import { createHash } from 'node:crypto';
import { escapeHtml } from '../lib/escape-html.js';

// The app's tokens (apps/web/src/styles/base.css): brand, text, muted, background, surface; dark values too.
const STYLE = `:root{color-scheme:light dark;--brand:#1a5cff;--text:#1f2329;--muted:#5c626b;--bg:#f5f6f8;--surface:#fff}
@media (prefers-color-scheme:dark){:root{--brand:#2f63e6;--text:#e9ebee;--muted:#a9afb8;--bg:#101216;--surface:#1a1d22}}
*{box-sizing:border-box;margin:0}
body{min-height:100vh;background:var(--bg);color:var(--text);font:16px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Helvetica Neue","Microsoft YaHei",sans-serif;padding:16px}
main{max-width:480px;margin:48px auto 0;background:var(--surface);border-radius:12px;padding:28px 20px 20px;text-align:center}
.logo{width:56px;height:56px;border-radius:14px;margin:0 auto 16px;background:var(--brand);color:#fff;font-size:28px;font-weight:700;line-height:56px}
h1{font-size:20px;font-weight:600;margin-bottom:8px}
p{color:var(--muted);font-size:14px;margin-bottom:24px}
a{display:block;min-height:44px;line-height:44px;border-radius:22px;background:var(--brand);color:#fff;text-decoration:none;font-size:16px}`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The page's Content-Security-Policy: its own stylesheet and nothing else. */
export const PLAIN_PAGE_CSP = `default-src 'none'; style-src ${STYLE_HASH}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/** A short page: the brand mark, a heading, a sentence and one way on. */
export function plainPage(page: { title: string; heading: string; text: string; link: { href: string; label: string } }): string {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)}</title><style>${STYLE}</style></head>
<body><main><div class="logo" aria-hidden="true">通</div><h1>${escapeHtml(page.heading)}</h1><p>${escapeHtml(page.text)}</p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a></main></body>
</html>
`;
}
