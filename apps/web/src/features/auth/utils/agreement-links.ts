// The `agreement` query parameter of /login (SPEC §2): a JSON list of two links, the privacy policy
// and the service agreement. Partners build it, so it is untrusted: each link needs a title and an
// address the page may open (lib/safe-address.ts: same-origin, or a partner origin over https, as for
// returnUrl, so a crafted login link cannot put a look-alike "policy" in front of the user). Anything
// else, malformed JSON included, yields null and the page uses the server's current links
// (the privacy-policy endpoint, SPEC §7).
import type { PrivacyPolicyData } from '../api/privacy-policy';
import { partnerOrigins, safeAddress } from '../../../lib/safe-address';

export interface AgreementLink {
  title: string;
  href: string;
}

export type AgreementLinks = readonly [AgreementLink, AgreementLink];

/** Titles are shown inside 《》 on one line of a phone screen. */
const MAX_TITLE = 20;

function linkFrom(item: unknown, origin: string, allowedOrigins: readonly string[]): AgreementLink | null {
  if (typeof item !== 'object' || item === null) return null;
  const record = item as Record<string, unknown>;
  const title = [record.title, record.name].find((v): v is string => typeof v === 'string');
  const url = [record.url, record.href, record.link].find((v): v is string => typeof v === 'string');
  const text = title?.trim().replace(/^《|》$/g, '');
  if (!text || text.length > MAX_TITLE || !url) return null;
  const target = safeAddress(url, origin, allowedOrigins);
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

/** A server document as a link: https, or a path on this site (the server is trusted, its CDN too); else null. */
export function documentLink(doc: Pick<PrivacyPolicyData['privacyPolicy'], 'title' | 'url'>, origin: string): AgreementLink | null {
  try {
    const url = new URL(doc.url, origin);
    const title = doc.title.replace(/^《|》$/g, '');
    if (!title) return null;
    if (url.origin === origin) return { title, href: url.pathname + url.search + url.hash };
    return url.protocol === 'https:' ? { title, href: url.href } : null;
  } catch {
    return null;
  }
}

/** The server's two documents as links, or null unless both are usable. */
export function linksFromPolicy(policy: PrivacyPolicyData | undefined, origin: string): [AgreementLink, AgreementLink] | null {
  if (!policy) return null;
  const privacy = documentLink(policy.privacyPolicy, origin);
  const agreement = documentLink(policy.serviceAgreement, origin);
  return privacy && agreement ? [privacy, agreement] : null;
}

/** The links /login shows: the parameter's when valid, else the server's, else none (plain names). */
export function agreementLinks(param: string | null, policy: PrivacyPolicyData | undefined): AgreementLinks | null {
  const origin = window.location.origin;
  return parseAgreementParam(param, origin, partnerOrigins()) ?? linksFromPolicy(policy, origin);
}
