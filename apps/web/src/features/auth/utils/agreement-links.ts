// The `agreement` query parameter of /login (SPEC §2): a JSON list of two links, the privacy policy
// and the service agreement. Partners build it, so it is untrusted: each link needs a title and an
// address the page may open (same-origin, or an allowed origin over https — the same allow-list as
// returnUrl, so a crafted login link cannot put a look-alike "policy" in front of the user). Anything
// else, malformed JSON included, yields null and the page uses the server's current links
// (privacy-policy, issue 5).
import { safeReturnTarget } from './return-url';

export interface AgreementLink {
  title: string;
  href: string;
}

/** Titles are shown inside 《》 on one line of a phone screen. */
const MAX_TITLE = 20;

function linkFrom(item: unknown, origin: string, allowedOrigins: readonly string[]): AgreementLink | null {
  if (typeof item !== 'object' || item === null) return null;
  const record = item as Record<string, unknown>;
  const title = [record.title, record.name].find((v): v is string => typeof v === 'string');
  const url = [record.url, record.href, record.link].find((v): v is string => typeof v === 'string');
  const text = title?.trim().replace(/^《|》$/g, '');
  if (!text || text.length > MAX_TITLE || !url) return null;
  const target = safeReturnTarget(url, origin, allowedOrigins);
  const href = target?.path ?? target?.href;
  return href ? { title: text, href } : null;
}

/**
 * Two links from the parameter, or null when it is absent or not exactly a list of two valid links.
 * Accepts `{title|name, url|href|link}` objects.
 */
export function parseAgreementParam(raw: string | null, origin: string, allowedOrigins: readonly string[] = []): [AgreementLink, AgreementLink] | null {
  if (!raw) return null;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(list) || list.length !== 2) return null;
  const [first, second] = list.map((item) => linkFrom(item, origin, allowedOrigins));
  return first && second ? [first, second] : null;
}
