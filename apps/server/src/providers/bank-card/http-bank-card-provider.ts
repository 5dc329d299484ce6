// Bank card four elements over Tencent Cloud FaceID's BankCard4EVerification (service faceid, version
// 2018-03-01; cloud.tencent.com/document/api/1007/35775): {Name, BankCard, Phone, IdCard, CertType 0}
// -> {Result, Description}. Result codes: "0" verified; "-1" not verified, "-2" name, "-3" ID number,
// "-4"/"-9"/"-10" card number, "-5" phone, "-6" holder details; "-7"/"-17" no card-not-present payments,
// "-8"/"-12"/"-15" restricted, "-11"/"-16" frozen (dormant, PIN tries), "-13" lost, "-14" expired;
// "-18" the verification centre is busy (an outage). The Description is never logged: it is the bank's.
import { ProviderUnavailable } from '../provider-error.js';
import { stringField, VendorError, type TencentCloudClient } from '../tencent-cloud/tencent-cloud-client.js';
import type { BankCardProvider, BankCardResult } from './bank-card-provider.js';

const RESULTS: Readonly<Record<string, BankCardResult>> = {
  '0': { outcome: 'verified' },
  '-1': { outcome: 'mismatch', field: 'holder' },
  '-2': { outcome: 'mismatch', field: 'name' },
  '-3': { outcome: 'mismatch', field: 'id-number' },
  '-4': { outcome: 'mismatch', field: 'card-number' },
  '-5': { outcome: 'mismatch', field: 'phone' },
  '-6': { outcome: 'mismatch', field: 'holder' },
  '-7': { outcome: 'unusable', reason: 'no-card-not-present' },
  '-8': { outcome: 'unusable', reason: 'restricted' },
  '-9': { outcome: 'mismatch', field: 'card-number' },
  '-10': { outcome: 'mismatch', field: 'card-number' },
  '-11': { outcome: 'unusable', reason: 'frozen' },
  '-12': { outcome: 'unusable', reason: 'restricted' },
  '-13': { outcome: 'unusable', reason: 'lost' },
  '-14': { outcome: 'unusable', reason: 'expired' },
  '-15': { outcome: 'unusable', reason: 'restricted' },
  '-16': { outcome: 'unusable', reason: 'frozen' },
  '-17': { outcome: 'unusable', reason: 'no-card-not-present' },
};

export function createHttpBankCardProvider(call: TencentCloudClient): BankCardProvider {
  return {
    name: 'http',
    async verifyFourElements({ name, idNumber, cardNumber, phone }) {
      let answer: Record<string, unknown>;
      try {
        answer = await call({
          provider: 'bank-card',
          service: 'faceid',
          action: 'BankCard4EVerification',
          version: '2018-03-01',
          payload: { Name: name, BankCard: cardNumber, Phone: phone, IdCard: idNumber, CertType: 0 },
        });
      } catch (error) {
        throw error instanceof VendorError ? new ProviderUnavailable('bank-card', 'vendor-error', error.code) : error;
      }
      const code = stringField('bank-card', answer, 'Result');
      const result = Object.hasOwn(RESULTS, code) ? RESULTS[code] : undefined;
      if (!result) throw new ProviderUnavailable('bank-card', code === '-18' ? 'vendor-error' : 'bad-answer', `Result ${code}`);
      return result;
    },
  };
}
