/**
 * What an uploaded file really is, from its bytes: the declared Content-Type is whatever
 * the sender says, and an SVG or HTML file labelled image/png must not be stored and
 * served back as an image (docs/decisions/015-media-uploads.md).
 */
import { imageSize } from 'image-size';
import { crc32, createInflate } from 'node:zlib';
import type { MediaType } from '#src/shared/media.ts';

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

/** The longest side accepted, in pixels: a 48-megapixel photo is 8,000 × 6,000. */
export const MAX_IMAGE_SIDE = 12_000;

export type ImageCheck = ImageInfo | { refused: 'type' | 'broken' | 'dimensions' };

/**
 * The type and displayed size of an image, once its whole structure has been read:
 * refused when it is not one of the four types ('type'), when anything after its header
 * is not what that format holds (random bytes behind a PNG signature, a truncated file:
 * 'broken'), or when a side is zero or over MAX_IMAGE_SIDE ('dimensions').
 *
 * Per format (no pixel decoder: none in pure JS covers AVIF, and the checks below reject
 * what a decoder would choke on before it is stored):
 * - PNG: every chunk's length and CRC, a valid IHDR, and the IDAT stream inflated (by
 *   node:zlib, counting bytes and keeping none) to exactly the rows IHDR declares;
 * - JPEG: every marker segment and the entropy-coded data between them up to EOI, with a
 *   frame header before the first scan;
 * - WebP: the RIFF size and every chunk, with a VP8, VP8L or animation frame;
 * - AVIF: the ISO BMFF boxes tile the file, with `meta` and a non-empty `mdat`.
 */
export async function readImage(bytes: Uint8Array): Promise<ImageCheck> {
  const contentType = sniffImageType(bytes);
  if (!contentType) return { refused: 'type' };
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return { refused: 'broken' };
  }
  if (size.type !== READER_TYPE[contentType] || !(size.width > 0) || !(size.height > 0)) return { refused: 'broken' };
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) return { refused: 'dimensions' };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!(await STRUCTURE[contentType](buffer))) return { refused: 'broken' };
  // EXIF orientations 5 to 8 turn the picture a quarter: browsers show it with the sides swapped.
  const turned = size.orientation !== undefined && size.orientation >= 5 && size.orientation <= 8;
  return turned
    ? { contentType, width: size.height, height: size.width }
    : { contentType, width: size.width, height: size.height };
}

// ---- PNG ------------------------------------------------------------------------------

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
/** Adam7's passes: first column and row, and the step between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Bytes of filtered scanlines an image of this header inflates to (each row: a filter byte, then pixels). */
function pngDataLength(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce(
    (sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)),
    0,
  );
}

/** Inflates `data` and counts the output against `expected`, keeping none of it. */
function inflatesTo(data: Buffer, expected: number): Promise<boolean> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > expected) {
        inflate.destroy();
        resolve(false);
      }
    });
    inflate.on('error', () => resolve(false));
    inflate.on('end', () => resolve(total === expected));
    inflate.end(data);
  });
}

async function pngIsWhole(bytes: Buffer): Promise<boolean> {
  let offset = 8;
  let header: { width: number; height: number; bitsPerPixel: number; interlaced: boolean; palette: boolean } | null =
    null;
  let sawPalette = false;
  const idat: Buffer[] = [];
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return false;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length))
      return false;
    if (!header) {
      if (type !== 'IHDR' || length !== 13) return false;
      const [depth, colour, compression, filter, interlace] = data.subarray(8, 13);
      if (!PNG_DEPTHS[colour!]?.includes(depth!) || compression !== 0 || filter !== 0 || interlace! > 1) return false;
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        bitsPerPixel: PNG_CHANNELS[colour!]! * depth!,
        interlaced: interlace === 1,
        palette: colour === 3,
      };
    } else if (type === 'PLTE') sawPalette = true;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') {
      // Nothing may follow the end of the image.
      if (end !== bytes.length || idat.length === 0 || (header.palette && !sawPalette)) return false;
      const expected = pngDataLength(header.width, header.height, header.bitsPerPixel, header.interlaced);
      return inflatesTo(Buffer.concat(idat), expected);
    }
    offset = end;
  }
  return false;
}

// ---- JPEG -----------------------------------------------------------------------------

/** Start-of-frame markers (C0-CF but DHT C4, JPG C8 and DAC CC). */
const isFrameMarker = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpegIsWhole(bytes: Buffer): boolean {
  let offset = 2;
  let frame = false;
  let scans = 0;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      // EOI. Phones append further pictures (depth maps, gain maps) as whole JPEGs after it.
      const rest = bytes.subarray(offset + 2);
      return frame && scans > 0 && (rest.length === 0 || (rest[0] === 0xff && rest[1] === 0xd8));
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) return false; // no parameters here
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    if (isFrameMarker(marker)) frame = true;
    offset += 2 + length;
    if (marker !== 0xda) continue;
    // Start of scan: entropy-coded data runs to the next marker that is not a stuffed
    // 0xFF00 or a restart marker.
    if (!frame) return false;
    scans++;
    while (offset + 1 < bytes.length) {
      if (bytes[offset] === 0xff) {
        const next = bytes[offset + 1]!;
        if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        offset += next === 0xff ? 1 : 2;
      } else offset++;
    }
  }
  // The loop stops with fewer than 4 bytes left: the file must end with EOI exactly there.
  return frame && scans > 0 && offset + 2 === bytes.length && bytes[offset] === 0xff && bytes[offset + 1] === 0xd9;
}

// ---- WebP -----------------------------------------------------------------------------

function webpIsWhole(bytes: Buffer): boolean {
  const riffEnd = 8 + bytes.readUInt32LE(4);
  // The RIFF size covers the file exactly (a writer may pad it to an even length).
  if (riffEnd !== bytes.length && riffEnd + 1 !== bytes.length) return false;
  let offset = 12;
  let picture = false;
  let first = true;
  while (offset + 8 <= riffEnd) {
    const type = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const data = bytes.subarray(offset + 8, offset + 8 + size);
    if (offset + 8 + size > riffEnd) return false;
    if (first && !['VP8 ', 'VP8L', 'VP8X'].includes(type)) return false;
    first = false;
    if (type === 'VP8 ') {
      // A key frame: its tag, then the start code 9D 01 2A.
      if (size < 10 || (data[0]! & 1) !== 0 || data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) return false;
      picture = true;
    } else if (type === 'VP8L') {
      if (size < 5 || data[0] !== 0x2f) return false;
      picture = true;
    } else if (type === 'ANMF') {
      if (size < 24) return false;
      picture = true;
    }
    offset += 8 + size + (size % 2);
  }
  return picture && offset >= riffEnd;
}

// ---- AVIF -----------------------------------------------------------------------------

function avifIsWhole(bytes: Buffer): boolean {
  let offset = 0;
  const seen = new Set<string>();
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) return false;
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    let headerSize = 8;
    if (size === 1) {
      if (offset + 16 > bytes.length) return false;
      size = Number(bytes.readBigUInt64BE(offset + 8));
      headerSize = 16;
    } else if (size === 0) size = bytes.length - offset; // to the end of the file
    if (size < headerSize || offset + size > bytes.length) return false;
    if (offset === 0 && type !== 'ftyp') return false;
    // An empty `mdat` holds no picture.
    if (type !== 'mdat' || size > headerSize) seen.add(type);
    offset += size;
  }
  return seen.has('meta') && seen.has('mdat');
}

const STRUCTURE: Record<MediaType, (bytes: Buffer) => boolean | Promise<boolean>> = {
  'image/png': pngIsWhole,
  'image/jpeg': jpegIsWhole,
  'image/webp': webpIsWhole,
  'image/avif': avifIsWhole,
};
