import { describe, expect, it } from 'vitest';
import { parseRequest, parseResponseData } from '../define-endpoint.js';
import { deregistrationImpact } from './deregistration-impact.js';
import { downloadDataExport } from './download-data-export.js';
import { personalInfoList } from './personal-info-list.js';
import { requestDataExport } from './request-data-export.js';
import { withdrawConsent } from './withdraw-consent.js';

const EXPORT_ID = 'x_AAAAAAAAAAAAAAAAAAAAAA';
const copy = {
  format: 'tyd-personal-data',
  formatVersion: 3,
  exportId: EXPORT_ID,
  generatedAt: 1_764_000_000_000,
  account: { phone: '13812345678', registeredAt: 1_763_000_000_000, inviteCode: '7K3M9QXR', invited: false },
  consents: [],
  sessions: [],
  loginRecords: [],
  identity: null,
  photos: [],
  bankCards: [],
  points: { balance: 0, entries: [] },
  vouchers: [],
  draws: [],
  redeemedCodes: [],
  newUserGift: null,
  invitations: [],
  messages: [],
  notices: { readThrough: null, read: [] },
  questions: [],
  analytics: { linked: false, note: '匿名记录' },
};

describe('个人信息 endpoints', () => {
  it('take no account: the session is the account', () => {
    for (const endpoint of [personalInfoList, withdrawConsent, deregistrationImpact]) {
      expect(parseRequest(endpoint, {}).ok).toBe(true);
      expect(parseRequest(endpoint, { userId: 'u_other' }).ok).toBe(false);
    }
    expect(parseRequest(requestDataExport, { smsCode: '123456' }).ok).toBe(true);
    expect(parseRequest(requestDataExport, { smsCode: '123456', userId: 'u_other' }).ok).toBe(false);
    expect(parseRequest(requestDataExport, { smsCode: '12345' }).ok).toBe(false);
  });

  it('take export ids of 128 bits only, nothing that could be a path or a counter', () => {
    expect(parseRequest(downloadDataExport, { exportId: EXPORT_ID }).ok).toBe(true);
    for (const exportId of ['x_1', '1', `${EXPORT_ID}A`, 'x_AAAAAAAAAAAAAAAAAAAA/.', '../x_AAAAAAAAAAAAAAAAAAA']) {
      expect(parseRequest(downloadDataExport, { exportId }).ok, exportId).toBe(false);
    }
  });

  it('describe the copy exactly: full numbers where the copy has them, nothing else added', () => {
    expect(parseResponseData(downloadDataExport, copy).ok).toBe(true);
    expect(parseResponseData(downloadDataExport, { ...copy, account: { ...copy.account, phone: '138****5678' } }).ok).toBe(false);
    expect(parseResponseData(downloadDataExport, { ...copy, extra: true }).ok).toBe(false);
    const card = {
      bankName: '工商银行',
      cardNumber: '6222020200112233445',
      cardType: 'debit',
      reservedPhone: '138****5678',
      isDefault: true,
      boundAt: 1,
      agreement: null,
    };
    expect(parseResponseData(downloadDataExport, { ...copy, bankCards: [card] }).ok).toBe(true);
    expect(parseResponseData(downloadDataExport, { ...copy, bankCards: [{ ...card, cardNumber: '6222 **** **** 3445' }] }).ok).toBe(false);
    // Sessions and sign-in records with their place, the address only masked (docs/api.md "Regions and addresses").
    const place = { device: 'iPhone · iOS 17.5', client: 'browser', clientName: 'Safari', region: '内网', address: '127.0.*.*' };
    const session = { ...place, createdAt: 1, lastActiveAt: null, expiresAt: 2, endedAt: 2, endedReason: 'other-device', current: false };
    expect(parseResponseData(downloadDataExport, { ...copy, sessions: [session] }).ok).toBe(true);
    expect(parseResponseData(downloadDataExport, { ...copy, sessions: [{ ...session, tokenHash: 'ab' }] }).ok).toBe(false);
    const signIn = { ...place, at: 1, result: 'code-wrong', method: 'sms' };
    expect(parseResponseData(downloadDataExport, { ...copy, loginRecords: [signIn] }).ok).toBe(true);
    expect(parseResponseData(downloadDataExport, { ...copy, loginRecords: [{ ...signIn, result: 'maybe' }] }).ok).toBe(false);
    expect(parseResponseData(downloadDataExport, { ...copy, formatVersion: 1 }).ok).toBe(false);
    const photo = { kind: 'idcard-portrait', contentType: 'image/jpeg', width: 2, height: 2, dataUrl: 'data:image/jpeg;base64,/9j/2Q==' };
    expect(parseResponseData(downloadDataExport, { ...copy, photos: [photo] }).ok).toBe(true);
    expect(parseResponseData(downloadDataExport, { ...copy, photos: [{ ...photo, dataUrl: 'https://elsewhere.example/a.jpg' }] }).ok).toBe(false);
  });

  it('say what deregistration takes as whole counts, nothing else', () => {
    const impact = { pointsBalance: 450, usableVouchers: 3, bankCards: 1, openQuestions: 1, identityVerified: true };
    expect(parseResponseData(deregistrationImpact, impact).ok).toBe(true);
    for (const wrong of [{ pointsBalance: -1 }, { usableVouchers: 1.5 }, { bankCards: '1' }, { identityVerified: 1 }, { userId: 'u_other' }])
      expect(parseResponseData(deregistrationImpact, { ...impact, ...wrong }).ok, JSON.stringify(wrong)).toBe(false);
  });
});
