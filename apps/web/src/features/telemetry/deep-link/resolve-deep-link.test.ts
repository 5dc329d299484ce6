import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientEnv } from '../../../lib/env';
import { DEEP_LINK_PATH } from '@tyd/protocol/schemas';
import { DEEP_LINK_LOOKUP_PATH, deepLinkTarget, resolveDeepLink } from './resolve-deep-link';

const env = vi.hoisted(() => ({ current: { os: 'android' } as ClientEnv }));
vi.mock('../../../lib/env', () => ({ clientEnv: () => env.current }));

const fetchMock = vi.fn<typeof fetch>();

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  env.current = { os: 'android' } as ClientEnv;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('deep-link lookup (SPEC §7)', () => {
  it('asks the path of the wire contract', () => {
    expect(DEEP_LINK_LOOKUP_PATH).toBe(DEEP_LINK_PATH);
  });

  it('asks GET with key, system_type and project, and goes where the parameters say', async () => {
    fetchMock.mockResolvedValue(answer({ code: '200', msg: '成功', data: { path: '/cloudSteward/index', channel: 'sms', n: 2 } }));
    await expect(resolveDeepLink('spring-2026', '?dl=spring-2026&utm_source=push')).resolves.toBe('/cloudSteward/index?utm_source=push&channel=sms&n=2');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/tydApi/deep-link/params?key=spring-2026&system_type=android&project=production');
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('system_type is the phone’s OS, h5 elsewhere', async () => {
    fetchMock.mockResolvedValue(answer({ code: '200', msg: '成功', data: { path: '/nfc' } }));
    env.current = { os: 'ios' } as ClientEnv;
    await resolveDeepLink('k', '?dl=k');
    env.current = { os: 'other' } as ClientEnv;
    await resolveDeepLink('k', '?dl=k');
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url), location.origin).searchParams.get('system_type'))).toEqual(['ios', 'h5']);
  });

  it('degrades to the default page: unknown key, bad input, HTTP error, network error, bad JSON', async () => {
    fetchMock
      .mockResolvedValueOnce(answer({ code: '404', msg: '服务不存在' }))
      .mockResolvedValueOnce(answer({ code: '400', subcode: '4009', msg: '参数错误' }))
      .mockResolvedValueOnce(answer({}, 503))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('<html>', { status: 200 }));
    for (let i = 0; i < 5; i++) await expect(resolveDeepLink('k', '?dl=k&utm_source=push')).resolves.toBe('/?utm_source=push');
  });

  it('waits 2500 ms for an answer, then shows the default page', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    let result: string | undefined;
    void resolveDeepLink('slow', '?dl=slow').then((target) => (result = target));
    await vi.advanceTimersByTimeAsync(2_499);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe('/');
  });

  it('only a page of this origin: other sites, protocol-relative and odd paths fall back', () => {
    expect(deepLinkTarget({ path: 'https://evil.example/' }, '')).toBeNull();
    expect(deepLinkTarget({ path: '//evil.example/x' }, '')).toBeNull();
    expect(deepLinkTarget({ path: '/\\evil.example' }, '')).toBeNull();
    expect(deepLinkTarget({ path: 'javascript:alert(1)' }, '')).toBeNull();
    expect(deepLinkTarget({ channel: 'x' }, '')).toBeNull();
    expect(deepLinkTarget({ path: '/discover/notice', nested: { a: 1 } }, '?dl=k')).toBe('/discover/notice');
  });
});
