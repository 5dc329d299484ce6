// A JPEG segment walker (ITU-T T.81 Annex B) that copies what a decoder needs and drops the rest: every
// APPn segment (EXIF with GPS and camera serials, XMP, ICC profiles, JFIF/EXIF thumbnails, maker notes)
// except APP14 "Adobe", which tells a decoder whether the components are YCbCr, CMYK or YCCK, and every COM
// comment. Nothing is decoded: the frame header (SOFn) gives the dimensions. The EXIF orientation value
// (TIFF tag 0x0112, CIPA DC-008 §4.6.4) is read before EXIF goes, so it can be kept beside the image.
// A file without its EOI marker, a segment running past the end, or no frame header is refused as damaged;
// bytes after EOI (another file appended: a polyglot) are dropped.
import { ImageRejected } from './image-rejected.js';

export interface SanitizedImage {
  bytes: Buffer;
  width: number;
  height: number;
  /** EXIF orientation 2..8 when the camera left the rotation to the viewer; null when upright or absent. */
  orientation: number | null;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP14 = 0xee;
const COM = 0xfe;
const isApp = (marker: number) => marker >= 0xe0 && marker <= 0xef;
/** Markers without a length field (T.81 B.1.1.3): RST0..7 and TEM. */
const isStandalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;
/** Frame headers SOF0..SOF15, minus DHT (C4), JPG (C8) and DAC (CC) that share the range. */
const isFrameHeader = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

const damaged = (detail: string) => new ImageRejected('damaged', detail);

export function sanitizeJpeg(input: Buffer): SanitizedImage {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== SOI) throw damaged('no SOI');
  const kept: Buffer[] = [input.subarray(0, 2)];
  let frame: { width: number; height: number } | undefined;
  let orientation: number | null = null;
  let pos = 2;
  for (;;) {
    if (pos + 1 >= input.length) throw damaged('ends before EOI');
    if (input[pos] !== 0xff) throw damaged('expected a marker');
    // Fill bytes: any number of 0xFF may precede a marker (T.81 B.1.1.2).
    while (pos + 1 < input.length && input[pos + 1] === 0xff) pos += 1;
    if (pos + 1 >= input.length) throw damaged('ends before EOI');
    const marker = input[pos + 1]!;
    if (marker === EOI) {
      kept.push(input.subarray(pos, pos + 2));
      break;
    }
    if (marker === SOI || marker === 0x00) throw damaged('unexpected marker');
    if (isStandalone(marker)) {
      kept.push(input.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    if (pos + 4 > input.length) throw damaged('segment header past the end');
    const length = input.readUInt16BE(pos + 2);
    const end = pos + 2 + length;
    if (length < 2 || end > input.length) throw damaged('segment past the end');
    const segment = input.subarray(pos, end);
    if (isApp(marker)) {
      if (marker === 0xe1 && orientation === null) orientation = exifOrientation(segment.subarray(4));
      if (marker === APP14 && segment.toString('latin1', 4, 9) === 'Adobe') kept.push(segment);
    } else if (marker !== COM) {
      if (isFrameHeader(marker) && !frame) {
        if (length < 8) throw damaged('short frame header');
        frame = { height: input.readUInt16BE(pos + 5), width: input.readUInt16BE(pos + 7) };
      }
      kept.push(segment);
    }
    pos = end;
    if (marker === SOS) {
      const scanEnd = endOfEntropyCodedData(input, pos);
      kept.push(input.subarray(pos, scanEnd));
      pos = scanEnd;
    }
  }
  // Height 0 defers the height to a DNL marker (T.81 B.2.2), which no camera or canvas writes.
  if (!frame || frame.width === 0 || frame.height === 0) throw damaged('no frame dimensions');
  return { bytes: Buffer.concat(kept), ...frame, orientation };
}

/** After SOS: entropy-coded bytes run until a marker other than a stuffed 0xFF00 or RSTn. */
function endOfEntropyCodedData(input: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = input.indexOf(0xff, at);
    if (at < 0 || at + 1 >= input.length) throw damaged('scan data ends before EOI');
    const next = input[at + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
    else if (next === 0xff) at += 1;
    else return at;
  }
}

/** Orientation from an APP1 body "Exif\0\0" + TIFF (CIPA DC-008 §4.5); null when absent, 1 or unreadable. */
function exifOrientation(body: Buffer): number | null {
  if (body.length < 14 || body.toString('latin1', 0, 6) !== 'Exif\0\0') return null;
  const tiff = body.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    // Tag 0x0112, type SHORT (3), count 1: the value sits in the first two bytes of the value field.
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 2) === 3 && u32(entry + 4) === 1 ? u16(entry + 8) : 0;
      return value >= 2 && value <= 8 ? value : null;
    }
  }
  return null;
}
