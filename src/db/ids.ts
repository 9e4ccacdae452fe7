/**
 * Identifiers: 26 Crockford base32 characters, a 48-bit millisecond timestamp followed by 80
 * random bits (the ULID layout). They sort by creation time, so they make a stable,
 * index-friendly tie-break for cursor paging, and they reveal no row counts.
 */
import { secureRandomBytes } from '../security/random.js';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newId(now: number = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = secureRandomBytes(16);
  let random = '';
  for (let i = 0; i < 16; i++) random += ALPHABET[(bytes[i] ?? 0) % 32];
  return (time + random).toLowerCase();
}
