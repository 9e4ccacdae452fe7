/**
 * What a PNG's or a JPEG's header says of the image (RFC 2083's IHDR; a JPEG's start-of-frame
 * segment), read without decoding a pixel: its size, and the bytes its pixels take once decoded
 * (width × height × channels × bytes a sample), which is what opening it costs. A decoder
 * expands a palette to RGBA and samples of fewer than 8 bits to 8, so those count as such.
 */

export interface ImageHeader {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
  /** Bits per sample as stored: 1, 2, 4, 8 or 16 (PNG), 8 or 12 (JPEG). */
  bitDepth: number;
  /** Bytes the decoded pixels take. */
  decodedBytes: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Channels a decoder makes of each PNG colour type (a palette becomes RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 4, 4: 2, 6: 4 };

function pngHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < 33 || !PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const bitDepth = bytes[24]!;
  const channels = PNG_CHANNELS[bytes[25]!];
  if (!channels || ![1, 2, 4, 8, 16].includes(bitDepth)) return undefined;
  const sample = bitDepth === 16 && bytes[25] !== 3 ? 2 : 1;
  return { format: 'png', width, height, bitDepth, decodedBytes: width * height * channels * sample };
}

/** Start-of-frame markers: baseline, extended, progressive and lossless, Huffman or arithmetic. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (SOF.has(marker)) {
      const bitDepth = bytes[at + 4]!;
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      const channels = bytes[at + 9]!;
      if (channels < 1 || channels > 4) return undefined;
      const sample = bitDepth > 8 ? 2 : 1;
      return { format: 'jpeg', width, height, bitDepth, decodedBytes: width * height * channels * sample };
    }
    if (marker === 0xda || length < 2) return undefined;
    at += 2 + length;
  }
  return undefined;
}

/** The header of a PNG or a JPEG, or undefined when the bytes start as neither or it cannot be read. */
export function imageHeader(bytes: Uint8Array): ImageHeader | undefined {
  return pngHeader(bytes) ?? jpegHeader(bytes);
}
