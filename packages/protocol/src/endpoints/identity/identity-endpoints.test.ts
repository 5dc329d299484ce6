import { describe, expect, it } from 'vitest';
import { CODE_TEXT, SUBCODE } from '../../codes.js';
import { parseRequest, parseResponseData } from '../define-endpoint.js';
import { phoneBrandList, phoneTypeList } from '../content/phone-models.js';
import { certificationInfo } from './certification-info.js';
import { certification } from './certification.js';
import { h5FaceUrl } from './h5-face-url.js';
import { h5FaceVerify } from './h5-face-verify.js';
import { idcardOcr } from './idcard-ocr.js';

const uploadId = '0b7c6f0e-4c1a-4f5e-9d2b-1a2b3c4d5e6f';
const info = {
  state: 'verified',
  documents: { portrait: true, emblem: true },
  name: '沙*户',
  idNumber: '110***********9905',
  validTo: '2040-01-01',
  verifiedAt: 1_763_700_000_000,
  failure: null,
  faceTriesLeft: 4,
};

describe('idcard-ocr', () => {
  it('takes an upload id and a side, nothing else', () => {
    expect(parseRequest(idcardOcr, { uploadId, side: 'portrait' }).ok).toBe(true);
    expect(parseRequest(idcardOcr, { uploadId, side: 'emblem' }).ok).toBe(true);
    for (const payload of [
      { uploadId, side: 'back' },
      { uploadId },
      { uploadId: 'x', side: 'portrait' },
      { uploadId, side: 'portrait', idNumber: '1' },
      { uploadId: 7, side: 'portrait' },
    ]) {
      expect(parseRequest(idcardOcr, payload).ok, JSON.stringify(payload)).toBe(false);
    }
  });

  it('answers the fields of the side read, with only the known warnings', () => {
    const portrait = {
      side: 'portrait',
      state: 'not-started',
      name: '沙盒用户',
      sex: '女',
      ethnicity: '汉',
      birthDate: '1990-03-07',
      address: '北京市东城区沙盒路1号',
      idNumber: '110101199003079905',
      warnings: ['blurred'],
    };
    expect(parseResponseData(idcardOcr, portrait).ok).toBe(true);
    expect(parseResponseData(idcardOcr, { ...portrait, warnings: ['photocopy'] }).ok).toBe(false);
    expect(parseResponseData(idcardOcr, { ...portrait, idNumber: '110***********9905' }).ok).toBe(false);
    expect(parseResponseData(idcardOcr, { ...portrait, side: 'emblem' }).ok).toBe(false);
    const emblem = { side: 'emblem', state: 'documents-read', authority: '北京市公安局东城分局', validFrom: '2020-01-01', validTo: 'long-term', warnings: [] };
    expect(parseResponseData(idcardOcr, emblem).ok).toBe(true);
    expect(parseResponseData(idcardOcr, { ...emblem, validTo: '长期' }).ok).toBe(false);
  });
});

describe('certification', () => {
  it('takes a corrected Han name and an address', () => {
    expect(parseRequest(certification, { name: '张三', address: '北京市东城区沙盒路1号' }).ok).toBe(true);
    expect(parseRequest(certification, { name: '阿卜杜·热合曼', address: '新疆乌鲁木齐市天山区1号' }).ok).toBe(true);
    for (const name of ['张', 'Zhang San', '张三 ', '·张三', '张三·', '张··三', '张'.repeat(31), '', 12]) {
      expect(parseRequest(certification, { name, address: '北京市东城区沙盒路1号' }).ok, String(name)).toBe(false);
    }
    for (const address of ['北京', 'a'.repeat(121), '北京市东城区\n沙盒路1号']) {
      expect(parseRequest(certification, { name: '张三', address }).ok, address).toBe(false);
    }
    // The ID number is never sent: it comes from the photo the server read.
    expect(parseRequest(certification, { name: '张三', address: '北京市东城区沙盒路1号', idNumber: '110101199003079905' }).ok).toBe(false);
  });
});

describe('certification-info, h5-face-verify', () => {
  it('answer masked fields only', () => {
    for (const endpoint of [certificationInfo, certification, h5FaceVerify]) {
      expect(parseResponseData(endpoint, info).ok).toBe(true);
      expect(parseResponseData(endpoint, { ...info, idNumber: '110101199003079905' }).ok).toBe(false);
      expect(parseResponseData(endpoint, { ...info, name: '沙盒用户' }).ok).toBe(false);
      expect(parseResponseData(endpoint, { ...info, state: 'done' }).ok).toBe(false);
    }
    expect(parseResponseData(certificationInfo, { ...info, state: 'failed', failure: { reason: 'liveness', next: 'retry-face' } }).ok).toBe(true);
    expect(parseResponseData(certificationInfo, { ...info, state: 'failed', failure: { reason: 'liveness', next: 'call-us' } }).ok).toBe(false);
    expect(parseRequest(certificationInfo, {}).ok).toBe(true);
    expect(parseRequest(h5FaceVerify, { result: 'passed' }).ok).toBe(false);
  });
});

describe('h5-face-url', () => {
  it('takes no return address and answers an https address or a path of this site', () => {
    expect(parseRequest(h5FaceUrl, {}).ok).toBe(true);
    expect(parseRequest(h5FaceUrl, { returnUrl: 'https://evil.example/' }).ok).toBe(false);
    for (const url of ['https://faceid.example.com/h5?token=abc', '/sandbox/face?session=abc']) {
      expect(parseResponseData(h5FaceUrl, { url, expiresAt: 1, faceTriesLeft: 4 }).ok, url).toBe(true);
    }
    for (const url of ['http://faceid.example.com/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)', '/a b']) {
      expect(parseResponseData(h5FaceUrl, { url, expiresAt: 1, faceTriesLeft: 4 }).ok, url).toBe(false);
    }
  });
});

describe('phone-brand-list, phone-type-list', () => {
  it('checks ids and positions', () => {
    expect(parseRequest(phoneTypeList, { brandId: 'huawei' }).ok).toBe(true);
    for (const brandId of ['Huawei', '../x', '', 'a'.repeat(41)]) expect(parseRequest(phoneTypeList, { brandId }).ok, brandId).toBe(false);
    expect(parseResponseData(phoneBrandList, { brands: [{ id: 'huawei', name: '华为', usualPosition: 'upper' }] }).ok).toBe(true);
    expect(parseResponseData(phoneBrandList, { brands: [{ id: 'huawei', name: '华为', usualPosition: 'side' }] }).ok).toBe(false);
    const model = {
      id: 'galaxy-z',
      name: 'Galaxy Z 系列',
      position: 'center',
      hint: '背面中部',
      hasNfc: true,
      foldableNote: '折叠屏：合上后贴在外屏一侧的背面中部',
    };
    expect(parseResponseData(phoneTypeList, { brandId: 'samsung', models: [model, { ...model, id: 'galaxy-s', foldableNote: null }] }).ok).toBe(true);
    for (const foldableNote of ['', 'x'.repeat(81), undefined])
      expect(parseResponseData(phoneTypeList, { brandId: 'samsung', models: [{ ...model, foldableNote }] }).ok, String(foldableNote)).toBe(false);
  });
});

describe('identity subcodes', () => {
  it('are the 46xx block, each with its own text', () => {
    const identity = Object.values(SUBCODE).filter((s) => s.startsWith('46'));
    expect(identity).toEqual(Array.from({ length: 15 }, (_, i) => String(4601 + i)));
    expect(new Set(identity.map((s) => CODE_TEXT[s])).size).toBe(identity.length);
    expect(CODE_TEXT[SUBCODE.IDENTITY_TAKEN]).toBe('该身份证已在其他账号完成实名认证');
  });
});
