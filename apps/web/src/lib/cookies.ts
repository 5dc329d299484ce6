// document.cookie access for the few cookies of the contract (SPEC §3, §7): x-access-token,
// shortTime, and reading XSRF-TOKEN. Values are URI-encoded (RFC 6265 cookie-octet safe).

const DAY_MS = 86_400_000;

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * DAY_MS).toUTCString();
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Expires=${expires}; Path=/; SameSite=Lax${secure}`;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax`;
}
