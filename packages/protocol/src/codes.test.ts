import { describe, expect, it } from 'vitest';
import { CODE, CODE_TEXT, ERROR_TEXT, SUBCODE, errorResponse, isApiResponse, isCode, isSubcode } from './codes.js';
import { ENVELOPE_ERROR_SUBCODE, EnvelopeError } from './errors.js';

describe('codes', () => {
  it('keeps the exact texts of SPEC §5 and §8', () => {
    expect(ERROR_TEXT).toEqual({
      serverBusy: '服务器繁忙，请稍后重试',
      badFormat: '接口数据格式错误',
      notFound: '服务不存在',
      networkBusy: '网络繁忙，请稍后重试',
      timeout: '网络超时，请稍后重试',
      networkError: '网络连接异常，请稍后重试',
    });
    expect(CODE_TEXT['401']).toBe('登录已失效，请重新登录');
    expect(CODE_TEXT['404']).toBe('服务不存在');
    expect(CODE_TEXT['500']).toBe('服务器繁忙，请稍后重试');
  });

  it('has a non-empty Chinese text for every code and subcode, and nothing else', () => {
    const keys = [...Object.values(CODE), ...Object.values(SUBCODE)].sort();
    expect(Object.keys(CODE_TEXT).sort()).toEqual(keys);
    for (const key of keys) expect(CODE_TEXT[key]).toMatch(/[\u4e00-\u9fff]/);
  });

  it('uses distinct string values', () => {
    expect(new Set(Object.values(CODE)).size).toBe(Object.keys(CODE).length);
    expect(new Set(Object.values(SUBCODE)).size).toBe(Object.keys(SUBCODE).length);
    expect(isCode('401')).toBe(true);
    expect(isCode(401)).toBe(false);
    expect(isSubcode('4001')).toBe(true);
    expect(isSubcode('401')).toBe(false);
  });

  it('builds error answers from the table', () => {
    expect(errorResponse(CODE.UNAUTHORIZED)).toEqual({ code: '401', msg: '登录已失效，请重新登录' });
    expect(errorResponse(CODE.BAD_REQUEST, SUBCODE.CLOCK_SKEW)).toEqual({
      code: '400',
      subcode: '4001',
      msg: '请求参数错误',
      submsg: CODE_TEXT['4001'],
    });
    expect(() => errorResponse('999' as never)).toThrow(/^code:/);
    expect(() => errorResponse(CODE.BAD_REQUEST, '401' as never)).toThrow(/^subcode:/);
  });

  it('recognises the response shape (SPEC §5)', () => {
    expect(isApiResponse({ code: '200', msg: '成功', data: { a: 1 } })).toBe(true);
    expect(isApiResponse({ code: '401', subcode: '4011', msg: 'x', submsg: 'y' })).toBe(true);
    expect(isApiResponse({ msg: '成功' })).toBe(false);
    expect(isApiResponse({ code: 200, msg: '成功' })).toBe(false);
    expect(isApiResponse({ code: '200', msg: '成功', subcode: 1 })).toBe(false);
    expect(isApiResponse(null)).toBe(false);
    expect(isApiResponse([])).toBe(false);
  });

  it('maps envelope failures to subcodes', () => {
    expect(ENVELOPE_ERROR_SUBCODE).toEqual({ malformed: '4005', 'unknown-suite': '4005', 'unknown-key': '4007', 'decrypt-failed': '4006' });
    expect(new EnvelopeError('unknown-key', 'x').subcode).toBe('4007');
  });
});
