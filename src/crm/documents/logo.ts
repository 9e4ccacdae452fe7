/**
 * A venue's logo (SPEC §13): a PNG or a JPEG of at most 1 MB, judged by its bytes, never by its
 * file name or the type its upload claims: its signature (the first bytes) must be a PNG's or a
 * JPEG's, its header must decode to a width and height (image-size), and those must be of a
 * logo, not of a decompression bomb. The upload's route then renders it into a PDF once, so a
 * file the PDF library cannot read is refused before any document needs it.
 */
import { imageSize } from 'image-size';
import type { LogoMediaType } from './document.table.js';
import { sha256Hex } from './document-files.js';

export const LOGO_MAX_BYTES = 1024 * 1024;
const MAX_SIDE = 4000;
const MAX_PIXELS = 16_000_000;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

export interface CheckedLogo {
  bytes: Uint8Array;
  mediaType: LogoMediaType;
  width: number;
  height: number;
  sha256: string;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, i) => bytes[i] === byte);

/** The logo, or why it is refused in words. */
export function checkLogo(bytes: Uint8Array): { logo: CheckedLogo } | { problem: string } {
  if (bytes.length === 0) return { problem: 'Choose a PNG or JPEG file for the logo.' };
  if (bytes.length > LOGO_MAX_BYTES)
    return { problem: 'The logo is larger than 1 MB: save it smaller and upload it again.' };
  const mediaType: LogoMediaType | undefined = startsWith(bytes, PNG)
    ? 'image/png'
    : startsWith(bytes, JPEG)
      ? 'image/jpeg'
      : undefined;
  if (!mediaType) return { problem: 'The logo must be a PNG or JPEG image; this file is neither.' };
  let size: { width?: number | undefined; height?: number | undefined; type?: string | undefined };
  try {
    size = imageSize(bytes);
  } catch {
    return {
      problem: `The file starts as a ${mediaType === 'image/png' ? 'PNG' : 'JPEG'} but cannot be read as one.`,
    };
  }
  const { width = 0, height = 0 } = size;
  const expected = mediaType === 'image/png' ? 'png' : 'jpg';
  if (size.type !== expected || width < 1 || height < 1)
    return {
      problem: `The file starts as a ${mediaType === 'image/png' ? 'PNG' : 'JPEG'} but cannot be read as one.`,
    };
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS)
    return { problem: `The logo is ${width} × ${height} pixels: at most ${MAX_SIDE} on a side will do.` };
  return { logo: { bytes, mediaType, width, height, sha256: sha256Hex(bytes) } };
}
