/**
 * Real PNGs made in the test (RFC 2083: signature, IHDR, IDAT deflated with zlib, IEND, each
 * chunk with its CRC-32), for uploads that must be an image a decoder reads: a logo of two bands
 * of colour, and large images of any bit depth and colour type whose rows repeat, deflated as a
 * stream so that a 4,000-pixel square at 16 bits a channel is made without holding its pixels.
 */
import { once } from 'node:events';
import { createDeflate, deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of `width` × `height`: its top half `top`, its bottom half `bottom` ([r, g, b]). */
export function bandedPng(width: number, height: number, top: number[], bottom: number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const colour = y < height / 2 ? top : bottom;
    for (let x = 0; x < width; x++) rows.set(colour, y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Bytes a row's samples take, by colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export interface RepeatedRows {
  width: number;
  height: number;
  bitDepth: 1 | 2 | 4 | 8 | 16;
  colourType: 0 | 2 | 4 | 6;
  /** The byte every sample of every row is made of (a flat colour). */
  fill?: number;
  /** Rows of pixel data beyond what the header says (a decompression bomb of another kind). */
  extraRows?: number;
}

/** A PNG whose every row is the same flat colour, of any size, bit depth and colour type. */
export async function repeatedRowsPng(options: RepeatedRows): Promise<Buffer> {
  const { width, height, bitDepth, colourType } = options;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colourType, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + Math.ceil((width * CHANNELS[colourType]! * bitDepth) / 8), options.fill ?? 0);
  row[0] = 0;
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  for (let y = 0; y < height + (options.extraRows ?? 0); y++) {
    if (!deflate.write(row)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What a PNG's header says: width, height, bit depth and colour type. */
export function pngHeaderOf(bytes: Uint8Array) {
  const view = Buffer.from(bytes);
  return {
    width: view.readUInt32BE(16),
    height: view.readUInt32BE(20),
    bitDepth: view[24],
    colourType: view[25],
  };
}
