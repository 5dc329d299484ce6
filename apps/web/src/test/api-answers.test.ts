import { API } from '@tyd/protocol/wire';
import { describe, expect, it, vi } from 'vitest';
import { AnswerSchemaError, answer, answerData, checkedClient, offSchema } from './api-answers';

const LOGGED_IN = { loggedIn: true as const, phone: '138****5678' };

describe('answer', () => {
  it("builds a code 200 answer whose data fits the endpoint's response schema", () => {
    expect(answer(API.checkLogin, LOGGED_IN)).toEqual({ code: '200', msg: '成功', data: LOGGED_IN });
    expect(answerData(API.phoneBrandList, { brands: [] })).toEqual({ brands: [] });
  });

  it('throws on an answer missing a required field, with a field the schema does not know, or a wrong value', () => {
    const { phone: _phone, ...noPhone } = LOGGED_IN;
    expect(() => answer(API.checkLogin, noPhone as never)).toThrow(AnswerSchemaError);
    expect(() => answer(API.checkLogin, noPhone as never)).toThrow(/\/v1\/user\/check-login.*phone: invalid_type/);
    expect(() => answer(API.checkLogin, { ...LOGGED_IN, token: 'x' } as never)).toThrow(/unrecognized_keys/);
    // An unmasked phone is what the server must never send (SPEC §3).
    expect(() => answer(API.checkLogin, { ...LOGGED_IN, phone: '13812345678' })).toThrow(/phone: invalid_format/);
    // The same data is checked by the schema of the endpoint named, not any endpoint's.
    expect(() => answerData(API.phoneBrandList, LOGGED_IN as never)).toThrow(AnswerSchemaError);
  });
});

describe('checkedClient (the API client in page tests)', () => {
  it('asks the mocks by path and passes answers that fit', async () => {
    const mocks = { request: vi.fn(async () => answer(API.checkLogin, LOGGED_IN)), call: vi.fn(async () => LOGGED_IN) };
    const client = checkedClient(mocks);
    await expect(client.request!(API.checkLogin, {}, { toastErrors: false })).resolves.toEqual({ code: '200', msg: '成功', data: LOGGED_IN });
    await expect(client.call!(API.checkLogin, {})).resolves.toEqual(LOGGED_IN);
    expect(mocks.request).toHaveBeenCalledWith('/v1/user/check-login', {}, { toastErrors: false });
    expect(mocks.call).toHaveBeenCalledWith('/v1/user/check-login', {});
  });

  it('passes refusals, whose data no response schema describes, and what nothing scripted', async () => {
    const refusal = { code: '400', subcode: '4211', msg: '请求参数错误', data: { field: 'inviteCode' } };
    const client = checkedClient({ request: vi.fn().mockResolvedValueOnce(refusal).mockResolvedValueOnce(undefined), call: vi.fn() });
    await expect(client.request!(API.userLoginV1, { phone: '13812345678', smsCode: '123456' })).resolves.toEqual(refusal);
    await expect(client.request!(API.userLoginV1, { phone: '13812345678', smsCode: '123456' })).resolves.toBeUndefined();
    await expect(client.call!(API.checkLogin, {})).resolves.toBeUndefined();
  });

  it('lets through data marked offSchema, for tests of a broken server', async () => {
    const client = checkedClient({ call: vi.fn(async () => offSchema({ androidUrl: 'javascript:alert(1)', iosUrl: null })) });
    await expect(client.call!(API.getAppDownloadUrl, {})).resolves.toEqual({ androidUrl: 'javascript:alert(1)', iosUrl: null });
  });

  // Expected to fail: the misfit fails the running test even though the caller swallowed the rejection,
  // as a page showing its error state would.
  it.fails('a success answer missing a required field fails the test, even when the page catches it', async () => {
    const client = checkedClient({ request: vi.fn(async () => ({ code: '200', msg: '成功', data: { loggedIn: true } })) });
    const error = await client.request!(API.checkLogin, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerSchemaError);
  });

  it.fails('so does call() data that does not fit', async () => {
    const client = checkedClient({ call: vi.fn(async () => ({ brands: [{ id: 1 }] })) });
    await client.call!(API.phoneBrandList, {}).catch(() => undefined);
  });

  it.fails('so does an answer that is no envelope', async () => {
    const client = checkedClient({ request: vi.fn(async () => ({ ok: true })) });
    await client.request!(API.checkLogin, {}).catch(() => undefined);
  });
});
