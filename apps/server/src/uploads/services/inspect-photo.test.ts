// The image walkers against hostile input: every way a photo can be cut short or lie about itself must end
// in ImageRejected (a coded answer), never in a RangeError from reading past a buffer (a 500).
import { describe, expect, it } from 'vitest';
import { FIXTURE_JPEG, GPS_TRACE, cameraJpeg, heicPhoto, pngChunk, pngClaiming, pngWithText, PNG_SIGNATURE } from '../../../test/support/test-images.js';
import { ImageRejected } from './image-rejected.js';
import { MAX_PIXELS, inspectPhoto } from './inspect-photo.js';

const reason = (bytes: Buffer): string => {
  try {
    inspectPhoto(bytes);
    return 'accepted';
  } catch (error) {
    if (error instanceof ImageRejected) return error.reason;
    throw error;
  }
};
const without = (bytes: Buffer, from: number, to: number) => Buffer.concat([bytes.subarray(0, from), bytes.subarray(to)]);

describe('JPEG', () => {
  it('keeps the picture, drops EXIF, XMP, comments and JFIF, and reads the orientation first', () => {
    const photo = inspectPhoto(cameraJpeg({ orientation: 6 }));
    expect(photo).toMatchObject({ contentType: 'image/jpeg', width: 32, height: 24, orientation: 6 });
    const text = photo.bytes.toString('latin1');
    for (const trace of ['Exif', 'JFIF', 'http://ns.adobe.com', GPS_TRACE, 'comment']) expect(text).not.toContain(trace);
    // Every segment but APP0 of the fixture survives: the result is the fixture minus its JFIF header.
    const app0 = 4 + FIXTURE_JPEG.readUInt16BE(4);
    expect(photo.bytes.equals(without(FIXTURE_JPEG, 2, app0))).toBe(true);
    expect(inspectPhoto(photo.bytes).bytes.equals(photo.bytes)).toBe(true);
  });

  it('reports orientation 1 or a broken EXIF block as none, little-endian EXIF too', () => {
    expect(inspectPhoto(cameraJpeg({ orientation: 1 })).orientation).toBeNull();
    expect(inspectPhoto(cameraJpeg({ orientation: 9 })).orientation).toBeNull();
    const exif = Buffer.from('Exif\0\0II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0\x08\0\0\0', 'latin1');
    const withLittleEndian = Buffer.concat([FIXTURE_JPEG.subarray(0, 2), Buffer.from([0xff, 0xe1, 0, exif.length + 2]), exif, FIXTURE_JPEG.subarray(2)]);
    expect(inspectPhoto(withLittleEndian).orientation).toBe(8);
    // An IFD claiming 500 entries in a 20-byte block: read what is there, no exception.
    const lying = Buffer.from(exif);
    lying.writeUInt16LE(500, 14);
    const withLie = Buffer.concat([FIXTURE_JPEG.subarray(0, 2), Buffer.from([0xff, 0xe1, 0, lying.length + 2]), lying, FIXTURE_JPEG.subarray(2)]);
    expect(inspectPhoto(withLie).orientation).toBe(8);
  });

  it('keeps Adobe APP14 (colour transform) and drops what follows EOI', () => {
    const adobe = Buffer.from([0xff, 0xee, 0x00, 0x0e, ...Buffer.from('Adobe'), 0, 100, 0, 0, 0, 0, 1]);
    const withAdobe = Buffer.concat([FIXTURE_JPEG.subarray(0, 2), adobe, FIXTURE_JPEG.subarray(2), Buffer.from('PK\x03\x04 zip appended')]);
    const photo = inspectPhoto(withAdobe);
    expect(photo.bytes.includes(adobe)).toBe(true);
    expect(photo.bytes.subarray(-2).toString('hex')).toBe('ffd9');
    expect(photo.bytes.toString('latin1')).not.toContain('PK');
  });

  it('refuses a JPEG cut anywhere as damaged, and never reads past the end', () => {
    const jpeg = cameraJpeg();
    for (let length = 3; length < jpeg.length; length += 1) expect(reason(jpeg.subarray(0, length)), `cut at ${length}`).toBe('damaged');
  });

  it('answers every single-byte corruption with a verdict, never an exception', () => {
    const jpeg = cameraJpeg();
    for (let at = 3; at < jpeg.length; at += 1) {
      for (const value of [0x00, 0xff, 0xd9, 0xda]) {
        const bent = Buffer.from(jpeg);
        bent[at] = value;
        expect(['accepted', 'damaged', 'too-many-pixels']).toContain(reason(bent));
      }
    }
  });

  it('refuses lying segment lengths, a second SOI and a frame without dimensions', () => {
    const jpeg = Buffer.from(FIXTURE_JPEG);
    const short = Buffer.from(jpeg);
    short.writeUInt16BE(1, 4);
    expect(reason(short)).toBe('damaged');
    const long = Buffer.from(jpeg);
    long.writeUInt16BE(0xffff, 4);
    expect(reason(long)).toBe('damaged');
    expect(reason(Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xd8]), jpeg.subarray(2)]))).toBe('damaged');
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    const zeroHeight = Buffer.from(jpeg);
    zeroHeight.writeUInt16BE(0, sof + 5);
    expect(reason(zeroHeight)).toBe('damaged');
    const huge = Buffer.from(jpeg);
    huge.writeUInt16BE(20_000, sof + 5);
    expect(reason(huge)).toBe('too-many-pixels');
  });
});

describe('PNG', () => {
  it('keeps IHDR, IDAT and IEND and drops tEXt, iTXt and eXIf', () => {
    const photo = inspectPhoto(pngWithText(16, 12));
    expect(photo).toMatchObject({ contentType: 'image/png', width: 16, height: 12, orientation: null });
    const text = photo.bytes.toString('latin1');
    for (const trace of [GPS_TRACE, 'tEXt', 'iTXt', 'eXIf']) expect(text).not.toContain(trace);
    expect(inspectPhoto(photo.bytes).bytes.equals(photo.bytes)).toBe(true);
  });

  it('refuses a decompression bomb by its header, without decoding', () => {
    expect(reason(pngClaiming(100_000, 100_000))).toBe('too-many-pixels');
    expect(reason(pngClaiming(10_001, 1))).toBe('too-many-pixels');
    expect(reason(pngClaiming(8_000, Math.floor(MAX_PIXELS / 8_000) + 1))).toBe('too-many-pixels');
    expect(reason(pngClaiming(8_000, Math.floor(MAX_PIXELS / 8_000)))).toBe('accepted');
  });

  it('refuses a PNG cut anywhere, a bad CRC, IHDR not first, an unknown critical chunk, no IDAT', () => {
    const png = pngWithText();
    for (let length = 8; length < png.length; length += 1) expect(reason(png.subarray(0, length)), `cut at ${length}`).toBe('damaged');
    const badCrc = Buffer.from(png);
    badCrc.writeUInt8(badCrc.readUInt8(png.length - 20) ^ 1, png.length - 20);
    expect(reason(badCrc)).toBe('damaged');
    const idat = pngChunk('IDAT', Buffer.alloc(4));
    expect(reason(Buffer.concat([PNG_SIGNATURE, idat, png.subarray(8)]))).toBe('damaged');
    const ihdrEnd = 8 + 25;
    expect(reason(Buffer.concat([png.subarray(0, ihdrEnd), pngChunk('ABCD', Buffer.alloc(1)), png.subarray(ihdrEnd)]))).toBe('damaged');
    expect(reason(Buffer.concat([png.subarray(0, ihdrEnd), pngChunk('IEND', Buffer.alloc(0))]))).toBe('damaged');
    const hugeLength = Buffer.from(png);
    hugeLength.writeUInt32BE(0xfffffff0, ihdrEnd);
    expect(reason(hugeLength)).toBe('damaged');
  });
});

describe('kinds', () => {
  it('refuses HEIC by its ftyp brand and anything else as not an image', () => {
    expect(reason(heicPhoto())).toBe('heic');
    const mif1Only = heicPhoto();
    mif1Only.write('avis', 8, 'latin1');
    mif1Only.write('avis', 16, 'latin1');
    expect(reason(mif1Only)).toBe('heic');
    expect(reason(Buffer.from('GIF89a......'))).toBe('not-image');
    expect(reason(Buffer.from('%PDF-1.7'))).toBe('not-image');
    expect(reason(Buffer.alloc(0))).toBe('not-image');
    expect(reason(Buffer.from([0xff, 0xd8]))).toBe('not-image');
  });
});
