// Photo uploads as sealed parts (docs/protocol.md §14): start, the parts in order (each an ordinary
// sealed call through the API client), finish with the SHA-256 of the whole. A lost answer to a part is
// answered 409/4407 with the next index the server expects, and the upload continues from there.
import { API, CODE, SUBCODE, UPLOAD_PART_MAX_BYTES, toBase64, type ApiResponse, type UploadPurpose, type RefResponse } from '@tyd/protocol/wire';
import { ApiCodeError } from './api-errors';
import { request, type CallOptions } from './api-client';
import { toast } from './notify';

export type FinishedUpload = RefResponse<typeof API.finishUpload>;

export interface UploadOptions {
  /** Called after each part with the bytes the server has taken so far. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
  /**
   * The caller says every failure itself, beside the photo: nothing is toasted, refusals and transport
   * failures alike (CallOptions.inlineErrors), so SPEC §8's text appears once. Default: toasted (SPEC §8).
   */
  inlineErrors?: boolean;
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

function expectOk<T>(response: ApiResponse<T>): T {
  if (response.code !== CODE.OK || response.data === undefined) throw new ApiCodeError(response);
  return response.data;
}

/** Uploads `photo` for `purpose`; resolves with the server's description of the stored photo, rejects with ApiCodeError or TransportError. */
export async function uploadPhoto(photo: Blob, purpose: UploadPurpose, opts: UploadOptions = {}): Promise<FinishedUpload> {
  // Through a Response, not Blob.arrayBuffer (Safari 14; docs/architecture.md "Browser floor").
  const bytes = new Uint8Array(await new Response(photo).arrayBuffer());
  const sha256 = hex(await crypto.subtle.digest('SHA-256', bytes));
  const callOpts: CallOptions = { signal: opts.signal, inlineErrors: opts.inlineErrors };
  const started = expectOk(await request(API.startUpload, { purpose, size: bytes.length }, callOpts));
  const partSize = Math.min(started.partMaxBytes, UPLOAD_PART_MAX_BYTES);
  let index = 0;
  opts.onProgress?.(0, bytes.length);
  while (index * partSize < bytes.length) {
    const part = bytes.subarray(index * partSize, (index + 1) * partSize);
    const response = await request(API.uploadPart, { uploadId: started.uploadId, index, bytes: toBase64(part) }, { ...callOpts, toastErrors: false });
    if (response.code !== CODE.OK && response.subcode === SUBCODE.UPLOAD_PART_ORDER) {
      // The server already has this part (our answer was lost): continue where it says.
      const next = (response.data as { nextIndex?: unknown } | undefined)?.nextIndex;
      if (typeof next === 'number' && Number.isInteger(next) && next > index) {
        index = next;
        continue;
      }
    }
    if (response.code !== CODE.OK && !opts.inlineErrors) {
      // Same toast as any refusal (SPEC §8), after the order case above was handled quietly.
      toast(response.submsg || response.msg, 'fail');
    }
    const data = expectOk(response);
    index = data.nextIndex;
    opts.onProgress?.(Math.min(data.receivedBytes, bytes.length), bytes.length);
  }
  return expectOk(await request(API.finishUpload, { uploadId: started.uploadId, sha256 }, callOpts));
}
