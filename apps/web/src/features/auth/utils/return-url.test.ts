import { describe, expect, it } from 'vitest';
import { parseAgreementParam } from './agreement-links';
import { safeReturnTarget } from './return-url';

const ORIGIN = 'https://h5.tyd.example';
const PARTNER = 'https://partner.example.com';

describe('returnUrl: same-origin paths and allowed origins only', () => {
  it.each([
    ['/', '/'],
    ['/discover/notice?id=7#top', '/discover/notice?id=7#top'],
    ['/mine/signOff', '/mine/signOff'],
    // Resolved as the browser would: dot segments cannot climb out of the origin.
    ['/a/../download', '/download'],
    [`${ORIGIN}/nfc?x=1`, '/nfc?x=1'],
  ])('follows the same-origin path %s', (raw, path) => {
    expect(safeReturnTarget(raw, ORIGIN, [PARTNER])).toEqual({ path });
  });

  it('follows an address on a configured allowed origin', () => {
    expect(safeReturnTarget(`${PARTNER}/welcome?from=tyd`, ORIGIN, [PARTNER])).toEqual({ href: `${PARTNER}/welcome?from=tyd` });
  });

  it.each([
    '//evil.com',
    '/.//evil.com/x',
    '/%2F%2Fevil.com',
    '//evil.com/login',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/\\/evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    ' /evil',
    '/\u3000/evil.com',
    'https:%2F%2Fevil.com',
    'https:/evil.com',
    'https://evil.com',
    'https://evil.com/mine/signOff',
    'http://partner.example.com/welcome',
    `${PARTNER}.evil.com/`,
    `https://partner.example.com@evil.com/`,
    `https://user:pass@partner.example.com/`,
    `${ORIGIN}@evil.com/`,
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '%2F%2Fevil.com',
    'evil.com',
    'mine/signOff',
    '',
    '/login',
    '/login/',
    '/login?returnUrl=%2F%2Fevil.com',
    `${ORIGIN}/login`,
    `/${'a'.repeat(2048)}`,
  ])('ignores %j', (raw) => {
    expect(safeReturnTarget(raw, ORIGIN, [PARTNER])).toBeNull();
  });

  it('ignores an absent value and, without a configured list, every other origin', () => {
    expect(safeReturnTarget(null, ORIGIN)).toBeNull();
    expect(safeReturnTarget(undefined, ORIGIN)).toBeNull();
    expect(safeReturnTarget(`${PARTNER}/welcome`, ORIGIN)).toBeNull();
  });

  it('decoding once more cannot smuggle a host in: the page reads the parameter decoded exactly once', () => {
    const param = new URLSearchParams('returnUrl=%252F%252Fevil.com').get('returnUrl');
    expect(param).toBe('%2F%2Fevil.com');
    expect(safeReturnTarget(param, ORIGIN)).toBeNull();
    const twice = new URLSearchParams('returnUrl=%2F%2Fevil.com').get('returnUrl');
    expect(safeReturnTarget(twice, ORIGIN)).toBeNull();
  });
});

describe('agreement parameter (SPEC §2)', () => {
  const good = JSON.stringify([
    { title: '隐私政策', url: '/agreements/privacy' },
    { title: '《服务协议》', url: `${PARTNER}/terms` },
  ]);

  it('reads two titled links, same-origin or on an allowed origin', () => {
    expect(parseAgreementParam(good, ORIGIN, [PARTNER])).toEqual([
      { title: '隐私政策', href: '/agreements/privacy' },
      { title: '服务协议', href: `${PARTNER}/terms` },
    ]);
  });

  it.each([
    ['absent', null],
    ['malformed JSON', '[{"title":"隐私政策","url":"/p"},'],
    ['not a list', '{"title":"隐私政策","url":"/p"}'],
    ['one link', JSON.stringify([{ title: '隐私政策', url: '/p' }])],
    [
      'three links',
      JSON.stringify([
        { title: 'a', url: '/a' },
        { title: 'b', url: '/b' },
        { title: 'c', url: '/c' },
      ]),
    ],
    ['a link without a title', JSON.stringify([{ url: '/a' }, { title: 'b', url: '/b' }])],
    [
      'a javascript: link',
      JSON.stringify([
        { title: '隐私政策', url: 'javascript:alert(1)' },
        { title: '服务协议', url: '/b' },
      ]),
    ],
    [
      'a foreign origin',
      JSON.stringify([
        { title: '隐私政策', url: 'https://evil.com/p' },
        { title: '服务协议', url: '/b' },
      ]),
    ],
    [
      'an over-long title',
      JSON.stringify([
        { title: '隐'.repeat(21), url: '/a' },
        { title: '服务协议', url: '/b' },
      ]),
    ],
  ])('%s -> null (the server’s links are used)', (_label, raw) => {
    expect(parseAgreementParam(raw, ORIGIN, [PARTNER])).toBeNull();
  });
});
