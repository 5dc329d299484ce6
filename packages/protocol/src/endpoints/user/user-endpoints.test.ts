import { describe, expect, it } from 'vitest';
import { CODE_TEXT, SUBCODE } from '../../codes.js';
import { parseRequest, parseResponseData } from '../define-endpoint.js';
import { endpointFor, endpoints } from '../registry.js';
import { userLoginV1 } from './login.js';
import { sendSmsCode, smsSendRetryLater } from './send-sms-code.js';
import { INVITE_CODE_PATTERN, normaliseInviteCode, readInviteCode } from '../../invite-codes.js';
import { verifyInviteCode } from './verify-invite-code.js';
import * as z from 'zod/mini';

const SPEC_USER_PATHS = [
  'login',
  'user-login-v1',
  'logout',
  'cancel',
  'sms-send-v1',
  'verify-phone',
  'save-phone',
  'user-detail',
  'user-detail-v1',
  'invite-code',
  'verify-invite-code',
  'check-login',
  'privacy-policy-status',
  'privacy-policy',
  'get-user-unprivacy-info',
  'renew-info',
  'renew-expire',
  'authorized-login',
];

const challenge = {
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: 'ab'.repeat(16),
    salt: 'cd'.repeat(16),
    cost: 10,
    keyLength: 32,
    keyPrefix: '00ff',
    expiresAt: 1_800_000_000,
  },
  signature: 'ef'.repeat(32),
};

describe('account user endpoints (docs/api.md)', () => {
  it('registers every user path of SPEC §7 listed in SPEC_USER_PATHS', () => {
    for (const name of SPEC_USER_PATHS) expect(endpointFor(`/v1/user/${name}`)?.fullPath, name).toBe(`/tydApi/v1/user/${name}`);
    expect(Object.keys(endpoints)).toContain('/v1/user/authorized-code');
  });

  it('sms-send-v1: a purpose is required, extra fields and unknown purposes are refused', () => {
    expect(parseRequest(sendSmsCode, { phone: '13812345678', purpose: 'login' }).ok).toBe(true);
    expect(parseRequest(sendSmsCode, { purpose: 'deregister' }).ok).toBe(true);
    expect(parseRequest(sendSmsCode, { phone: '13812345678' }).ok).toBe(false);
    expect(parseRequest(sendSmsCode, { phone: '13812345678', purpose: 'reset' }).ok).toBe(false);
    expect(parseRequest(sendSmsCode, { phone: '13812345678', purpose: 'login', code: '1' }).ok).toBe(false);
    const solved = { challenge, solution: { counter: 12, derivedKey: '00ff'.repeat(16) } };
    expect(parseRequest(sendSmsCode, { phone: '13812345678', purpose: 'login', proofOfWork: solved }).ok).toBe(true);
    const tampered = { ...solved, challenge: { ...challenge, parameters: { ...challenge.parameters, algorithm: 'SHA-1' } } };
    expect(parseRequest(sendSmsCode, { phone: '13812345678', purpose: 'login', proofOfWork: tampered }).ok).toBe(false);
    expect(parseResponseData(sendSmsCode, { cooldownSeconds: 60, expiresInSeconds: 300 }).ok).toBe(true);
  });

  it('sms-send-v1 406 data: a cooldown or a challenge, nothing else', () => {
    expect(z.safeParse(smsSendRetryLater, { reason: 'cooldown', retryAfterSeconds: 42 }).success).toBe(true);
    expect(z.safeParse(smsSendRetryLater, { reason: 'human-check', challenge }).success).toBe(true);
    expect(z.safeParse(smsSendRetryLater, { reason: 'cooldown', retryAfterSeconds: 0 }).success).toBe(false);
    expect(z.safeParse(smsSendRetryLater, { reason: 'human-check' }).success).toBe(false);
  });

  it('login: 6-digit codes only; the answer carries a masked phone only', () => {
    expect(parseRequest(userLoginV1, { phone: '13812345678', smsCode: '012345' }).ok).toBe(true);
    for (const smsCode of ['12345', '1234567', 'abcdef', '12345 '])
      expect(parseRequest(userLoginV1, { phone: '13812345678', smsCode }).ok, smsCode).toBe(false);
    const token = 'A'.repeat(43);
    expect(parseResponseData(userLoginV1, { accessToken: token, phone: '138****5678', isNewUser: true }).ok).toBe(true);
    expect(parseResponseData(userLoginV1, { accessToken: token, phone: '13812345678', isNewUser: true }).ok).toBe(false);
  });

  it('invite codes: Crockford base32 without I L O U, forgiving input', () => {
    expect(normaliseInviteCode('ab12-cd3o')).toBe('AB12CD30');
    expect(normaliseInviteCode('il oO')).toBe('1100');
    expect(INVITE_CODE_PATTERN.test('AB12CD30')).toBe(true);
    expect(readInviteCode(' ab12-cd3o ')).toBe('AB12CD30');
    for (const bad of [null, undefined, '', 'AB12CD3', 'AB12CD3U', '<script>']) expect(readInviteCode(bad), String(bad)).toBeUndefined();
    for (const bad of ['AB12CD3O', 'AB12CD3U', 'AB12CD3', 'ab12cd30']) expect(INVITE_CODE_PATTERN.test(bad), bad).toBe(false);
    expect(parseResponseData(verifyInviteCode, { inviteCode: 'AB12CD30', inviterPhone: '138****5678', rewardPoints: 50 }).ok).toBe(true);
    // Never more of the inviter than the masked phone.
    expect(parseResponseData(verifyInviteCode, { inviteCode: 'AB12CD30', inviterPhone: '13812345678', rewardPoints: 50 }).ok).toBe(false);
    expect(parseResponseData(verifyInviteCode, { inviteCode: 'AB12CD30', inviterPhone: '138****5678', rewardPoints: 50, userId: 'u' }).ok).toBe(false);
  });

  it('has a Chinese text for every account subcode', () => {
    for (const subcode of [
      '4201',
      '4202',
      '4203',
      '4204',
      '4205',
      '4206',
      '4207',
      '4208',
      '4209',
      '4210',
      '4211',
      '4212',
      '4213',
      '4214',
      '4215',
      '4216',
      '4217',
    ] as const) {
      expect(Object.values(SUBCODE)).toContain(subcode);
      expect(CODE_TEXT[subcode]).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
