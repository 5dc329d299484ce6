// ID card photos are compressed in the browser before upload (docs/protocol.md §14 asks for JPEG of at most
// 3 MB): compressorjs draws the photo on a canvas at most PHOTO_MAX_SIDE px on its long side and encodes a
// JPEG. The cap keeps iOS Safari's canvas under its area limit (a larger canvas silently comes out blank)
// and still leaves a card's small print readable for OCR (the vendors ask for at least 1000 px).
// checkOrientation is off: browsers apply the EXIF orientation when they decode the photo
// (CSS image-orientation: from-image is the default), so the canvas is already upright; turning it on as
// well would rotate a second time on some browsers. The canvas drops EXIF (GPS and all) anyway, and the
// server strips metadata again (docs/architecture.md "Uploads and providers").
import Compressor from 'compressorjs';

export const PHOTO_MAX_SIDE = 1800;
export const PHOTO_QUALITY = 0.85;

export function compressPhoto(file: Blob): Promise<Blob> {
  return new Promise((resolve, reject) => {
    new Compressor(file, {
      maxWidth: PHOTO_MAX_SIDE,
      maxHeight: PHOTO_MAX_SIDE,
      quality: PHOTO_QUALITY,
      mimeType: 'image/jpeg',
      // Always re-encode: PNG screenshots and large camera JPEGs alike become a bounded JPEG.
      convertSize: 0,
      strict: false,
      checkOrientation: false,
      success: resolve,
      error: reject,
    });
  });
}
