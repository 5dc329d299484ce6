// A PNG chunk walker (PNG spec, W3C 2nd ed. §5) that keeps the critical chunks (IHDR, PLTE, IDAT, IEND)
// and the few ancillary ones that change how pixels look (tRNS, gAMA, cHRM, sRGB), and drops every other
// ancillary chunk: text (tEXt, zTXt, iTXt), EXIF (eXIf), timestamps (tIME), ICC profiles (iCCP, which carry
// a name), animation (acTL, fcTL, fdAT) and private chunks. Nothing is decompressed: IHDR gives the
// dimensions. Each chunk's CRC is checked (§5.3); a chunk past the end, a bad CRC, an unknown critical
// chunk, no IDAT or no IEND is refused as damaged; bytes after IEND are dropped.
import { crc32 } from 'node:zlib';
import { ImageRejected } from './image-rejected.js';
import type { SanitizedImage } from './jpeg-sanitizer.js';

const SIGNATURE_BYTES = 8;
const KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB']);
const damaged = (detail: string) => new ImageRejected('damaged', detail);

export function sanitizePng(input: Buffer): SanitizedImage {
  const kept: Buffer[] = [input.subarray(0, SIGNATURE_BYTES)];
  let size: { width: number; height: number } | undefined;
  let sawData = false;
  let pos = SIGNATURE_BYTES;
  for (;;) {
    if (pos + 12 > input.length) throw damaged('ends before IEND');
    const length = input.readUInt32BE(pos);
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > input.length) throw damaged('chunk past the end');
    const type = input.toString('latin1', pos + 4, pos + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw damaged('bad chunk type');
    if (crc32(input.subarray(pos + 4, pos + 8 + length)) !== input.readUInt32BE(pos + 8 + length)) throw damaged(`bad CRC in ${type}`);
    if (size === undefined) {
      if (type !== 'IHDR' || length !== 13) throw damaged('IHDR must come first');
      size = { width: input.readUInt32BE(pos + 8), height: input.readUInt32BE(pos + 12) };
      if (size.width === 0 || size.height === 0) throw damaged('zero dimension');
    }
    // Upper case first letter = critical (§5.4): a decoder must not skip one it does not know.
    const critical = type.charCodeAt(0) < 0x61;
    if (critical && !KEPT.has(type)) throw damaged(`unknown critical chunk ${type}`);
    if (KEPT.has(type)) kept.push(input.subarray(pos, end));
    if (type === 'IDAT') sawData = true;
    pos = end;
    if (type === 'IEND') break;
  }
  if (!sawData) throw damaged('no IDAT');
  return { bytes: Buffer.concat(kept), ...size!, orientation: null };
}
