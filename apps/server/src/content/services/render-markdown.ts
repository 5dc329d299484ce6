// Articles, announcements and notices are written in Markdown and rendered here, on the server, when
// they are saved (docs/architecture.md "Content"): markdown-it with raw HTML off, so nothing an author
// types becomes a tag; links only to http(s) addresses and paths on this site, external ones with
// rel="noopener noreferrer nofollow", and tel: phone numbers; images only from our own storage
// (/content-images/<id>). The page inserts the HTML as it is, so every rule that keeps script out lives
// here, and the hostile-content tests (render-markdown.test.ts) try each known trick.
import MarkdownIt, { type MarkdownIt as MarkdownItInstance, type Token } from 'markdown-it';

/** Our own image storage (content/routes/content-images.ts). */
export const CONTENT_IMAGE_PATH = /^\/content-images\/[A-Za-z0-9_-]{8,40}$/;

/** RFC 3966 global or local number with only digits and hyphens as separators: nothing else can hide in it. */
const TEL_LINK = /^tel:\+?[0-9][0-9-]{2,30}$/i;

/**
 * http(s) addresses, plain paths on this site and tel: numbers. markdown-it hands over the destination with entities
 * and backslash escapes already decoded, so `&#106;avascript:` arrives as `javascript:` and is refused here.
 * Anything with a control character, a space or a backslash is refused outright (browsers strip or
 * reinterpret them).
 */
export function isAllowedLink(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(url)) return false;
  if (/^https?:\/\/[^/?#]+/i.test(url)) return true;
  // A phone number to call (RFC 3966 tel: URI, digits with an optional + and visual hyphens only), so a
  // notice can say 客服电话 [400-000-0000](tel:4000000000) and a tap dials it.
  if (TEL_LINK.test(url)) return true;
  return url.startsWith('/') && !url.startsWith('//');
}

const isExternal = (url: string) => /^https?:/i.test(url);

function createRenderer(): MarkdownItInstance {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: true });
  md.validateLink = isAllowedLink;
  const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const href = String(token.attrGet('href') ?? '');
    if (isExternal(href)) {
      token.attrSet('rel', 'noopener noreferrer nofollow');
      token.attrSet('target', '_blank');
    }
    return defaultLinkOpen(tokens, idx, options, env, self);
  };
  md.renderer.rules.image = (tokens, idx, options, _env, self) => {
    const token = tokens[idx]!;
    const src = String(token.attrGet('src') ?? '');
    const alt = self.renderInlineAsText(token.children ?? [], options, _env);
    // Only our own stored images: anything else would let an article load (and track readers from) any host.
    if (!CONTENT_IMAGE_PATH.test(src)) return md.utils.escapeHtml(alt);
    return `<img src="${md.utils.escapeHtml(src)}" alt="${md.utils.escapeHtml(alt)}" loading="lazy" decoding="async">`;
  };
  return md;
}

const renderer = createRenderer();

export function renderMarkdown(markdown: string): string {
  return renderer.render(markdown);
}

/** Plain text of the start of a Markdown body, for list summaries. */
export function summarize(markdown: string, max = 120): string {
  const text = renderer
    .parse(markdown, {})
    .filter((token: Token) => token.type === 'inline')
    // Line breaks inside a paragraph read as spaces; link and emphasis marks are not text tokens, so a
    // summary never shows Markdown (a list excerpt is plain text, docs/api.md "Notices, messages and content").
    .map((token: Token) =>
      (token.children ?? [])
        .map((child: Token) =>
          child.type === 'text' || child.type === 'code_inline' ? child.content : child.type === 'softbreak' || child.type === 'hardbreak' ? ' ' : '',
        )
        .join(''),
    )
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
