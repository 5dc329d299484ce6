import { describe, expect, it } from 'vitest';
import { UPLOAD_PART_MAX_BYTES } from '../../constants.js';
import { parseRequest } from '../define-endpoint.js';
import { finishUpload } from './finish-upload.js';
import { startUpload } from './start-upload.js';
import { uploadPart } from './upload-part.js';

const uploadId = '0b7c6f0e-4c1a-4f5e-9d2b-1a2b3c4d5e6f';

describe('upload endpoints', () => {
  it('start: a known purpose and a positive whole size only', () => {
    expect(parseRequest(startUpload, { purpose: 'idcard-portrait', size: 1_000 }).ok).toBe(true);
    for (const payload of [
      { purpose: 'selfie', size: 1 },
      { purpose: 'face', size: 0 },
      { purpose: 'face', size: 1.5 },
      { purpose: 'face', size: '10' },
      { purpose: 'face' },
      { purpose: 'face', size: 1, type: 'image/jpeg' },
    ]) {
      expect(parseRequest(startUpload, payload).ok, JSON.stringify(payload)).toBe(false);
    }
  });

  it('part: base64 of at most UPLOAD_PART_MAX_BYTES bytes, a lower-case uuid, an index from 0', () => {
    const full = 'A'.repeat(Math.ceil(UPLOAD_PART_MAX_BYTES / 3) * 4);
    expect(parseRequest(uploadPart, { uploadId, index: 0, bytes: full }).ok).toBe(true);
    for (const payload of [
      { uploadId, index: 0, bytes: `${full}AAAA` },
      { uploadId, index: -1, bytes: 'AAAA' },
      { uploadId, index: 0, bytes: 'AA AA' },
      { uploadId, index: 0, bytes: '' },
      { uploadId: uploadId.toUpperCase(), index: 0, bytes: 'AAAA' },
      { uploadId: '../etc', index: 0, bytes: 'AAAA' },
    ]) {
      expect(parseRequest(uploadPart, payload).ok, JSON.stringify(payload).slice(0, 80)).toBe(false);
    }
  });

  it('finish: a lower-case hex SHA-256', () => {
    expect(parseRequest(finishUpload, { uploadId, sha256: 'a'.repeat(64) }).ok).toBe(true);
    expect(parseRequest(finishUpload, { uploadId, sha256: 'A'.repeat(64) }).ok).toBe(false);
    expect(parseRequest(finishUpload, { uploadId, sha256: 'a'.repeat(63) }).ok).toBe(false);
  });
});
