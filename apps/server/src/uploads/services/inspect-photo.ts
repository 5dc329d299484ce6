// Everything a photo must pass before it is stored (docs/protocol.md §14): its kind by magic bytes (JPEG or
// PNG; HEIC refused with its own reason, since converting it in Node 20 needs a native decoder), its
// dimensions from the header without decoding (a 100000 x 100000 PNG is 40 KB on the wire and 40 GB once
// decoded by whoever reads it next: refused above MAX_SIDE or MAX_PIXELS), completeness, and metadata
// removed by the walkers.
import { ImageRejected } from './image-rejected.js';
import { sniffImage } from './image-type.js';
import { sanitizeJpeg, type SanitizedImage } from './jpeg-sanitizer.js';
import { sanitizePng } from './png-sanitizer.js';

export const MAX_SIDE = 10_000;
export const MAX_PIXELS = 40_000_000;

export interface InspectedPhoto extends SanitizedImage {
  contentType: 'image/jpeg' | 'image/png';
}

/** Refuses early what cannot be a photo, from the first part alone. */
export function checkPhotoKind(head: Uint8Array): 'jpeg' | 'png' {
  const kind = sniffImage(head);
  if (kind === 'heic') throw new ImageRejected('heic', 'HEIC/HEIF');
  if (kind === 'unknown') throw new ImageRejected('not-image', 'neither JPEG nor PNG');
  return kind;
}

export function inspectPhoto(bytes: Buffer): InspectedPhoto {
  const kind = checkPhotoKind(bytes);
  const image = kind === 'jpeg' ? sanitizeJpeg(bytes) : sanitizePng(bytes);
  if (image.width > MAX_SIDE || image.height > MAX_SIDE || image.width * image.height > MAX_PIXELS) {
    throw new ImageRejected('too-many-pixels', `${image.width}x${image.height}`);
  }
  return { ...image, contentType: kind === 'jpeg' ? 'image/jpeg' : 'image/png' };
}
