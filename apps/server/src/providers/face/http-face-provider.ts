// Face verification over Tencent Cloud FaceID (service faceid, version 2018-03-01): DetectAuth
// {RuleId, IdCard, Name, RedirectUrl} -> {Url, BizToken} starts an H5 session
// (cloud.tencent.com/document/api/1007/31816); GetDetectInfoEnhanced {BizToken, RuleId, InfoType "0"}
// -> {Text: {ErrCode, Sim, ...}} reads its result (cloud.tencent.com/document/api/1007/41957).
// ErrCode 0 is a pass, no ErrCode yet (or 17, the flow not finished) means the user has not finished. The
// vendor's result codes (FaceID 返回码, cloud.tencent.com/document/product/1007/31082) are mapped to the
// outcomes identity certification tells apart: 1002-1005 and 2004, 2010 liveness or capture failed;
// 2002, 2003, 2005, 2006 the authority has no such name and number; 15 the session expired; engine and
// data-source faults (1001, 1006, 1007, 2001, 4-13) are ProviderUnavailable; anything else, 2016 (not the
// same person) included, is a face mismatch. An unknown or expired BizToken
// (FailedOperation/InvalidParameterValue.BizTokenExpired...) is "expired".
import { ProviderUnavailable } from '../provider-error.js';
import { stringField, VendorError, type TencentCloudClient } from '../tencent-cloud/tencent-cloud-client.js';
import type { FaceFailure, FaceProvider, FaceResult } from './face-provider.js';

const LIVENESS = new Set([1002, 1003, 1004, 1005, 2004, 2010]);
const IDENTITY = new Set([2002, 2003, 2005, 2006]);
const VENDOR_FAULT = new Set([1001, 1006, 1007, 2001, 4, 8, 9, 10, 11, 12, 13]);

function failureOf(code: number): FaceFailure {
  if (LIVENESS.has(code)) return 'liveness';
  if (IDENTITY.has(code)) return 'identity-mismatch';
  if (code === 15) return 'expired';
  return 'face-mismatch';
}

const SERVICE = { provider: 'face', service: 'faceid', version: '2018-03-01' } as const;

export function createHttpFaceProvider(call: TencentCloudClient, ruleId: string): FaceProvider {
  return {
    name: 'http',
    async createFaceSession(identity, returnUrl) {
      let answer: Record<string, unknown>;
      try {
        answer = await call({
          ...SERVICE,
          action: 'DetectAuth',
          payload: { RuleId: ruleId, IdCard: identity.idNumber, Name: identity.name, RedirectUrl: returnUrl },
        });
      } catch (error) {
        throw error instanceof VendorError ? new ProviderUnavailable('face', 'vendor-error', error.code) : error;
      }
      const url = stringField('face', answer, 'Url');
      if (!url.startsWith('https://')) throw new ProviderUnavailable('face', 'bad-answer', 'Url is not https');
      return { url, sessionId: stringField('face', answer, 'BizToken') };
    },
    async getFaceResult(sessionId): Promise<FaceResult> {
      let answer: Record<string, unknown>;
      try {
        answer = await call({ ...SERVICE, action: 'GetDetectInfoEnhanced', payload: { BizToken: sessionId, RuleId: ruleId, InfoType: '0' } });
      } catch (error) {
        if (error instanceof VendorError && /BizToken/i.test(error.code)) return { outcome: 'failed', reason: 'expired' };
        throw error instanceof VendorError ? new ProviderUnavailable('face', 'vendor-error', error.code) : error;
      }
      const text = answer.Text;
      if (typeof text !== 'object' || text === null) throw new ProviderUnavailable('face', 'bad-answer', 'no Text');
      const { ErrCode: code, Sim: sim } = text as { ErrCode?: unknown; Sim?: unknown };
      if (code === null || code === undefined || code === 17) return { outcome: 'pending' };
      if (typeof code !== 'number') throw new ProviderUnavailable('face', 'bad-answer', 'ErrCode is not a number');
      if (VENDOR_FAULT.has(code)) throw new ProviderUnavailable('face', 'vendor-error', `ErrCode ${code}`);
      if (code !== 0) return { outcome: 'failed', reason: failureOf(code) };
      const similarity = Number(sim);
      if (!Number.isFinite(similarity)) throw new ProviderUnavailable('face', 'bad-answer', 'Sim is not a number');
      return { outcome: 'passed', similarity };
    },
  };
}
