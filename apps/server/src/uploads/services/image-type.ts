// Which kind of file a photo is, by its first bytes (magic numbers), never by a name or a claimed type:
// JPEG starts with SOI FF D8 FF (ITU-T T.81 B.1.1.2), PNG with its 8-byte signature (PNG spec §5.2), and
// HEIC/HEIF is an ISO BMFF file whose first box is `ftyp` with a HEIF brand (ISO/IEC 23008-12 §10.2).
export type ImageKind = 'jpeg' | 'png' | 'heic' | 'unknown';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Major or compatible brands of HEIF still images and sequences (iPhone photos are `heic`). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

export function sniffImage(bytes: Uint8Array): ImageKind {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 64));
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(head.readUInt32BE(0), head.length);
    // Major brand at 8, then the minor version, then compatible brands, 4 bytes each.
    for (let at = 8; at + 4 <= boxSize; at += at === 8 ? 8 : 4) {
      if (HEIF_BRANDS.has(head.toString('latin1', at, at + 4))) return 'heic';
    }
  }
  return 'unknown';
}
