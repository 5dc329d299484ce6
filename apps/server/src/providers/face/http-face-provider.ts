// Face verification over Tencent Cloud FaceID (service faceid, version 2018-03-01): DetectAuth
// {RuleId, IdCard, Name, RedirectUrl} -> {Url, BizToken} starts an H5 session
// (cloud.tencent.com/document/api/1007/31816); GetDetectInfoEnhanced {BizToken, RuleId, InfoType "0"}
// -> {Text: {ErrCode, Sim, ...}} reads its result (cloud.tencent.com/document/api/1007/41957).
// ErrCode 0 is a pass, no ErrCode yet means the user has not finished; any other code is a failure,
// reported as a face mismatch: the vendor's finer codes (liveness, authority data) go to the log only,
// and should be mapped further once the account's rule set is known. An unknown or expired BizToken
// (FailedOperation/InvalidParameterValue.BizTokenExpired...) is "expired".
import { ProviderUnavailable } from '../provider-error.js';
import { stringField, VendorError, type TencentCloudClient } from '../tencent-cloud/tencent-cloud-client.js';
import type { FaceProvider, FaceResult } from './face-provider.js';

const SERVICE = { provider: 'face', service: 'faceid', version: '2018-03-01' } as const;

export function createHttpFaceProvider(call: TencentCloudClient, ruleId: string): FaceProvider {
  return {
    name: 'http',
    async createFaceSession(identity, returnUrl) {
      let answer: Record<string, unknown>;
      try {
        answer = await call({ ...SERVICE, action: 'DetectAuth', payload: { RuleId: ruleId, IdCard: identity.idNumber, Name: identity.name, RedirectUrl: returnUrl } });
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
      if (code === null || code === undefined) return { outcome: 'pending' };
      if (typeof code !== 'number') throw new ProviderUnavailable('face', 'bad-answer', 'ErrCode is not a number');
      if (code !== 0) return { outcome: 'failed', reason: 'face-mismatch' };
      const similarity = Number(sim);
      if (!Number.isFinite(similarity)) throw new ProviderUnavailable('face', 'bad-answer', 'Sim is not a number');
      return { outcome: 'passed', similarity };
    },
  };
}
