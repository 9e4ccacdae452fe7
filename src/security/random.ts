/**
 * Random bytes from the operating system's CSPRNG, drawn a block at a time: each draw is a
 * system call costing microseconds, and every token and identifier needs a few bytes. Each byte
 * is handed out once, copied out of the block.
 */
import { randomFillSync } from 'node:crypto';

const BLOCK_SIZE = 4096;
let block = Buffer.alloc(0);
let offset = 0;

export function secureRandomBytes(size: number): Buffer {
  if (size > BLOCK_SIZE) return randomFillSync(Buffer.alloc(size));
  if (offset + size > block.length) {
    block = randomFillSync(Buffer.allocUnsafe(BLOCK_SIZE));
    offset = 0;
  }
  const bytes = Buffer.from(block.subarray(offset, offset + size));
  // Handed-out bytes do not stay behind in the block.
  block.fill(0, offset, offset + size);
  offset += size;
  return bytes;
}
