// reportCallFailure (lib/api-errors.ts): a failure the client already told the user about is not told
// again over the server's words; only a failure the client never saw (a page chunk that did not arrive)
// is reported as a connection problem.
import { CODE, ERROR_TEXT, SUBCODE } from '@tyd/protocol/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiCodeError, reportCallFailure, TransportError } from './api-errors';
import { dismissToast, notifyStore } from './notify';

afterEach(() => dismissToast());

describe('reportCallFailure', () => {
  it("leaves the server's code and a failed transport as the client toasted them", () => {
    reportCallFailure(
      new ApiCodeError({ code: CODE.BAD_REQUEST, subcode: SUBCODE.LIST_CURSOR_INVALID, msg: '请求参数错误', submsg: '列表已更新，请刷新后重试' }),
    );
    expect(notifyStore.get().toast).toBeNull();
    reportCallFailure(new TransportError('timeout', ERROR_TEXT.timeout));
    expect(notifyStore.get().toast).toBeNull();
  });

  it('reports anything else (a chunk that did not load) as a connection problem', () => {
    reportCallFailure(new TypeError('Failed to fetch dynamically imported module'));
    expect(notifyStore.get().toast).toMatchObject({ text: ERROR_TEXT.networkError, kind: 'fail' });
  });
});
