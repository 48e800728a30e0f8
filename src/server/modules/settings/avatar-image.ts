import sharp, { type Metadata } from 'sharp';
import { AVATAR_MAX_BYTES } from '../../../shared/settings';
import { AppError, errors } from '../../http/errors';

/** Output side, in pixels: avatars are shown at most a few hundred pixels wide. */
export const AVATAR_SIZE = 512;
/** Refuse to decode more pixels than this (a decompression bomb declares far more). 50 Mpx covers any camera. */
export const AVATAR_MAX_INPUT_PIXELS = 50_000_000;

export const AVATAR_MESSAGES = {
  tooLarge: 'The image must be 2 MB or smaller.',
  wrongType: 'Please upload a PNG or JPEG image.',
  invalid: 'The file is not a valid PNG or JPEG image.',
  tooManyPixels: 'The image dimensions are too large.',
} as const;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** The format by the file's first bytes, never by its name or declared type. */
export function sniffImage(bytes: Buffer): 'png' | 'jpeg' | null {
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  if (bytes.subarray(0, 3).equals(JPEG_MAGIC)) return 'jpeg';
  return null;
}

const exceedsPixelLimit = (error: unknown) => /pixel limit/i.test(String((error as Error)?.message));

export interface Avatar {
  body: Buffer;
  ext: 'png' | 'jpg';
  contentType: 'image/png' | 'image/jpeg';
}

/**
 * Ruling 10: checks an upload from its content (magic bytes, then sharp's reading of the header,
 * which must agree and stay under the pixel limit), then decodes it fully and re-encodes it: turned
 * upright, cut to at most 512x512, without metadata (sharp drops EXIF, XMP and comments unless asked
 * to keep them). Anything after the image data (an appended script) does not survive re-encoding.
 */
export async function processAvatar(bytes: Buffer): Promise<Avatar> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError(413, 'payload_too_large', AVATAR_MESSAGES.tooLarge);
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw errors.badRequest(AVATAR_MESSAGES.wrongType);
  const options = { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'warning' as const, sequentialRead: true };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (error) {
    throw errors.badRequest(exceedsPixelLimit(error) ? AVATAR_MESSAGES.tooManyPixels : AVATAR_MESSAGES.invalid);
  }
  if (meta.format !== sniffed) throw errors.badRequest(AVATAR_MESSAGES.invalid);
  if (!meta.width || !meta.height) throw errors.badRequest(AVATAR_MESSAGES.invalid);
  if (meta.width * meta.height > AVATAR_MAX_INPUT_PIXELS) throw errors.badRequest(AVATAR_MESSAGES.tooManyPixels);
  const pipeline = sharp(bytes, options).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: true });
  try {
    if (sniffed === 'png') return { body: await pipeline.png({ compressionLevel: 9 }).toBuffer(), ext: 'png', contentType: 'image/png' };
    return { body: await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), ext: 'jpg', contentType: 'image/jpeg' };
  } catch (error) {
    throw errors.badRequest(exceedsPixelLimit(error) ? AVATAR_MESSAGES.tooManyPixels : AVATAR_MESSAGES.invalid);
  }
}
