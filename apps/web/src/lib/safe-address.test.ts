import { describe, expect, it } from 'vitest';
import { partnerHref, safeAddress, sameOriginPath } from './safe-address';

const ORIGIN = 'https://h5.tyd.example';
const PARTNER = 'https://partner.example.com';

describe('sameOriginPath: the one check of an address from outside the code', () => {
  it.each([
    ['/', '/'],
    ['/discover/notice?id=7#top', '/discover/notice?id=7#top'],
    ['/a/../download', '/download'],
    ['/a/%2e%2e/download', '/download'],
    ['/a%2Fb', '/a%2Fb'],
    [`${ORIGIN}/nfc?x=1`, '/nfc?x=1'],
  ])('keeps %j as %j', (raw, path) => {
    expect(sameOriginPath(raw, ORIGIN)).toBe(path);
  });

  it.each([
    // The three reproductions: dot segments, tab inside the path, and protocol-relative forms.
    '/.//evil.example/x',
    '/././/evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\u0000/evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/%5Cevil.example',
    '/%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%E0%A4%A',
    'https://evil.example/x',
    'http://h5.tyd.example/x',
    `${ORIGIN}@evil.example/`,
    'https://user:pw@h5.tyd.example/x',
    'javascript:alert(1)',
    'data:text/html,x',
    'evil.example',
    'relative/path',
    '',
    null,
    undefined,
    `/${'a'.repeat(2048)}`,
  ])('refuses %j', (raw) => {
    expect(sameOriginPath(raw, ORIGIN)).toBeNull();
  });
});

describe('partner addresses', () => {
  it('accept only https on an exact configured origin', () => {
    expect(partnerHref(`${PARTNER}/welcome?a=1`, [PARTNER])).toBe(`${PARTNER}/welcome?a=1`);
    expect(partnerHref(`${PARTNER}/welcome`, [])).toBeNull();
    expect(partnerHref('http://partner.example.com/welcome', [PARTNER])).toBeNull();
    expect(partnerHref(`${PARTNER}.evil.example/`, [PARTNER])).toBeNull();
    expect(partnerHref(`https://partner.example.com@evil.example/`, [PARTNER])).toBeNull();
    expect(partnerHref('/welcome', [PARTNER])).toBeNull();
  });

  it('safeAddress prefers this origin and falls back to a partner', () => {
    expect(safeAddress('/nfc', ORIGIN, [PARTNER])).toEqual({ path: '/nfc' });
    expect(safeAddress(`${PARTNER}/x`, ORIGIN, [PARTNER])).toEqual({ href: `${PARTNER}/x` });
    expect(safeAddress('https://evil.example/', ORIGIN, [PARTNER])).toBeNull();
  });
});
