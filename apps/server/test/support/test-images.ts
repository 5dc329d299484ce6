// Images for the upload tests, built byte by byte: a real JPEG (test/fixtures/photo-32x24.jpg, encoded
// once with jpeg-js) dressed with the metadata a phone camera writes, and PNGs from a tiny encoder.
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

export const FIXTURE_JPEG = readFileSync(new URL('../fixtures/photo-32x24.jpg', import.meta.url));
/** Text a test can search the stored bytes for: it sits in the EXIF GPS block, XMP and a comment. */
export const GPS_TRACE = 'GPS-31.2304N-121.4737E';

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/** EXIF APP1 body (big-endian TIFF): IFD0 with Orientation and a GPS IFD pointer, then the trace as GPS data. */
function exifBody(orientation: number): Buffer {
  const trace = Buffer.from(GPS_TRACE, 'latin1');
  const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(2, 8);
  // Orientation, SHORT, 1.
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  // GPSInfo IFD pointer (LONG) to where the trace sits.
  tiff.writeUInt16BE(0x8825, 22);
  tiff.writeUInt16BE(4, 24);
  tiff.writeUInt32BE(1, 26);
  tiff.writeUInt32BE(tiff.length, 30);
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, trace]);
}

/**
 * The fixture JPEG with EXIF (orientation, GPS), XMP and a comment after SOI, padded with comment segments
 * to at least `minBytes`, and optionally `trailing` bytes after EOI.
 */
export function cameraJpeg(opts: { orientation?: number; minBytes?: number; trailing?: Buffer } = {}): Buffer {
  const extras = [
    segment(0xe1, exifBody(opts.orientation ?? 6)),
    segment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>${GPS_TRACE}</x:xmpmeta>`, 'latin1')),
    segment(0xfe, Buffer.from(`comment ${GPS_TRACE}`, 'latin1')),
  ];
  let size = FIXTURE_JPEG.length + extras.reduce((n, b) => n + b.length, 0);
  while (size < (opts.minBytes ?? 0)) {
    const pad = segment(0xfe, Buffer.alloc(Math.min(65_000, (opts.minBytes ?? 0) - size), 0x41));
    extras.push(pad);
    size += pad.length;
  }
  return Buffer.concat([FIXTURE_JPEG.subarray(0, 2), ...extras, FIXTURE_JPEG.subarray(2), opts.trailing ?? Buffer.alloc(0)]);
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bit depth
  data[9] = 2; // truecolour RGB
  return pngChunk('IHDR', data);
}

/** An RGB PNG of width x height with tEXt, iTXt and eXIf chunks carrying the trace. */
export function pngWithText(width = 16, height = 12): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) rows.writeUIntBE(((x * 16) << 16) | (y * 20), y * (width * 3 + 1) + 1 + x * 3, 3);
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height),
    pngChunk('tEXt', Buffer.from(`Comment\0${GPS_TRACE}`, 'latin1')),
    pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${GPS_TRACE}`, 'latin1')),
    pngChunk('eXIf', Buffer.from(`MM\0*${GPS_TRACE}`, 'latin1')),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A decompression bomb's header: a valid PNG claiming width x height with a tiny IDAT. */
export function pngClaiming(width: number, height: number): Buffer {
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height), pngChunk('IDAT', deflateSync(Buffer.alloc(64))), pngChunk('IEND', Buffer.alloc(0))]);
}

/** The first box of an iPhone HEIC photo (ISO/IEC 23008-12), then filler. */
export function heicPhoto(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1')]);
  return Buffer.concat([ftyp, Buffer.alloc(2_000, 7)]);
}
