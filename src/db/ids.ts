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

let lastId = '';

/**
 * An id that sorts after every id this process made before, even within one millisecond (the
 * ULID "monotonic" rule: the same time with the random part incremented). For rows whose order
 * matters to readers, such as the events of one change.
 */
export function monotonicId(now: number = Date.now()): string {
  const candidate = newId(now);
  if (candidate > lastId) return (lastId = candidate);
  return (lastId = increment(lastId));
}

function increment(id: string): string {
  const digits = [...id.toUpperCase()];
  for (let i = digits.length - 1; i >= 10; i--) {
    const value = ALPHABET.indexOf(digits[i]!);
    if (value < 31) {
      digits[i] = ALPHABET[value + 1]!;
      return digits.join('').toLowerCase();
    }
    digits[i] = ALPHABET[0]!;
  }
  // 80 bits used up within one millisecond cannot happen; fall back to a fresh id.
  return newId();
}

/** Whether `text` has the shape of an id (26 base32 characters, lower case), as a cursor must. */
export function isIdShape(text: string | undefined): text is string {
  return text !== undefined && /^[0-9a-z]{26}$/.test(text);
}
