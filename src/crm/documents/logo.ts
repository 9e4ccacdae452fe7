/**
 * A venue's logo (SPEC §13): a PNG or a JPEG of at most 1 MB, judged by its bytes, never by its
 * file name or the type its upload claims. Its header is read first (image-header.ts): it must be
 * a PNG's or a JPEG's, and opening it must take at most 64 MB (a 4,000-pixel square at 8 bits a
 * channel): a small file can hold a huge image (16 bits a channel, or a decompression bomb), and
 * that is refused before a pixel is decoded.
 *
 * Then it is made ready for documents, once, at upload (libvips, through sharp, on libuv's
 * threads rather than the event loop): turned as its EXIF orientation says, at most 1,200 pixels
 * on its longest side, 8 bits a channel in sRGB, and without metadata (EXIF, with any GPS
 * position a camera or phone wrote, XMP, ICC profiles, text chunks). The masthead fits a logo in
 * 180 × 64 points, 2.5 inches at the most: 1,200 pixels is 480 dots an inch there, more than a
 * printer resolves, and the Settings page's 240-pixel preview is sharp on a 3× screen. So a PDF
 * decodes at most 5.8 MB of logo, whatever was uploaded. It stays a PNG (keeping transparency)
 * or a JPEG, as it came; that is what is kept.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { LogoMediaType } from './document.table.js';
import { imageHeader } from './image-header.js';

export const LOGO_MAX_BYTES = 1024 * 1024;
const MAX_SIDE = 4000;
/** What opening an upload may take: a 4,000-pixel square, RGBA, 8 bits a channel. */
const MAX_DECODED_BYTES = MAX_SIDE * MAX_SIDE * 4;
/** The longest side of a logo as kept. */
export const LOGO_SIDE = 1200;

// Nothing of one image is kept for the next.
sharp.cache(false);

export interface CheckedLogo {
  bytes: Uint8Array;
  mediaType: LogoMediaType;
  width: number;
  height: number;
  sha256: string;
}

const NAMES = { 'image/png': 'PNG', 'image/jpeg': 'JPEG' } as const;

function mediaTypeOf(bytes: Uint8Array): LogoMediaType | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

const megabytes = (bytes: number) => `${Math.ceil(bytes / 1_000_000)} MB`;

/** Why the upload cannot be a logo, in words, read from its header alone; undefined when it can. */
export function logoProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return 'Choose a PNG or JPEG file for the logo.';
  if (bytes.length > LOGO_MAX_BYTES)
    return 'The logo is larger than 1 MB: save it smaller and upload it again.';
  const mediaType = mediaTypeOf(bytes);
  if (!mediaType) return 'The logo must be a PNG or JPEG image; this file is neither.';
  const header = imageHeader(bytes);
  if (
    !header ||
    NAMES[mediaType] !== (header.format === 'png' ? 'PNG' : 'JPEG') ||
    !header.width ||
    !header.height
  )
    return `The file starts as a ${NAMES[mediaType]} but cannot be read as one.`;
  const { width, height, bitDepth, decodedBytes } = header;
  if (width > MAX_SIDE || height > MAX_SIDE)
    return `The logo is ${width} × ${height} pixels: at most ${MAX_SIDE} on a side will do.`;
  if (decodedBytes > MAX_DECODED_BYTES)
    return `The logo is ${width} × ${height} pixels at ${bitDepth} bits a channel: opening it would take ${megabytes(decodedBytes)}, and a logo may take ${megabytes(MAX_DECODED_BYTES)}. Save it at 8 bits a channel or smaller and upload it again.`;
  return undefined;
}

/** One image is made ready at a time: an upload's decoding never takes more of the machine. */
let queue: Promise<unknown> = Promise.resolve();

async function normalised(bytes: Uint8Array, mediaType: LogoMediaType) {
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_SIDE * MAX_SIDE, sequentialRead: true })
    .rotate()
    .resize({ width: LOGO_SIDE, height: LOGO_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb');
  const encoded =
    mediaType === 'image/png'
      ? image.png({ compressionLevel: 9 })
      : image.jpeg({ quality: 90, chromaSubsampling: '4:4:4' });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { bytes: new Uint8Array(data), width: info.width, height: info.height };
}

/** The logo as kept, or why the upload is refused in words. */
export async function checkLogo(bytes: Uint8Array): Promise<{ logo: CheckedLogo } | { problem: string }> {
  const problem = logoProblem(bytes);
  if (problem) return { problem };
  const mediaType = mediaTypeOf(bytes)!;
  const turn = queue.then(() => normalised(bytes, mediaType));
  queue = turn.catch(() => undefined);
  try {
    const ready = await turn;
    return { logo: { ...ready, mediaType, sha256: createHash('sha256').update(ready.bytes).digest('hex') } };
  } catch {
    return { problem: `The file starts as a ${NAMES[mediaType]} but cannot be read as one.` };
  }
}

/**
 * Whether kept bytes are a logo as uploads are kept now: a logo kept before they were made ready
 * (larger, or at 16 bits a channel) is left out of a PDF, never decoded, until it is uploaded again.
 */
export function logoFitsDocuments(bytes: Uint8Array): boolean {
  const header = imageHeader(bytes);
  return (
    header !== undefined &&
    header.width <= LOGO_SIDE &&
    header.height <= LOGO_SIDE &&
    header.bitDepth <= 8 &&
    header.decodedBytes <= LOGO_SIDE * LOGO_SIDE * 4
  );
}
