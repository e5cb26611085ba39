/**
 * What an uploaded file really is, from its bytes: the declared Content-Type is whatever
 * the sender says, and an SVG or HTML file labelled image/png must not be stored and
 * served back as an image (docs/decisions/015-media-uploads.md).
 */
import { imageSize } from 'image-size';
import type { MediaType } from '../../../src/shared/media.ts';

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The image type named by the file's signature, or null for anything else (SVG included). */
export function sniffImageType(bytes: Uint8Array): MediaType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte)) {
    return 'image/png';
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  // ISO base media file: an `ftyp` box first, whose major brand says AVIF.
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && ascii(bytes, 8, 12) === 'avif') return 'image/avif';
  return null;
}

/** image-size's name for each type, to check that its reading agrees with the signature. */
const READER_TYPE: Record<MediaType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

export interface ImageInfo {
  contentType: MediaType;
  width: number;
  height: number;
}

/**
 * The type and displayed size of an image; null when it is not one of the four types or
 * its header cannot be read (a truncated or disguised file).
 */
export function readImage(bytes: Uint8Array): ImageInfo | null {
  const contentType = sniffImageType(bytes);
  if (!contentType) return null;
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return null;
  }
  if (size.type !== READER_TYPE[contentType] || !(size.width > 0) || !(size.height > 0)) return null;
  // EXIF orientations 5 to 8 turn the picture a quarter: browsers show it with the sides swapped.
  const turned = size.orientation !== undefined && size.orientation >= 5 && size.orientation <= 8;
  return turned
    ? { contentType, width: size.height, height: size.width }
    : { contentType, width: size.width, height: size.height };
}
