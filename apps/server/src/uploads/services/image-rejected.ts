// Why a photo was refused, before any HTTP meaning: the upload service maps each reason to its subcode.
export type ImageRejection = 'not-image' | 'heic' | 'damaged' | 'too-many-pixels';

export class ImageRejected extends Error {
  override readonly name = 'ImageRejected';
  constructor(
    readonly reason: ImageRejection,
    detail: string,
  ) {
    super(`image refused (${reason}): ${detail}`);
  }
}
