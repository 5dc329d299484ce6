// A page address fit for analytics, the web's own and the app's (logEvent): the path and only the
// allowed query parameters. Everything else is dropped: page addresses can carry one-time codes
// (/others/tydPreJump?code=…), invite codes and return addresses, which analytics must never hold.
const PURL_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'channel', 'dl'];

export function analyticsUrl(path: string, search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of PURL_PARAMS) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}
