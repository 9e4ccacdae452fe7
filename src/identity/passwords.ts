/**
 * Passwords people choose are hashed with scrypt (RFC 7914) at OWASP's recommended cost
 * (N=2^17, r=8, p=1). The stored form names its parameters, so the cost can rise later and
 * older hashes still verify: `scrypt$N$r$p$salt$hash` (salt and hash base64url).
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const maxmem = 128 * cost.N * cost.r * cost.p + 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** The cost a stored hash was made with, or undefined when it is not one of ours. */
export function costOf(stored: string): ScryptCost | undefined {
  const [scheme, n, r, p] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const valid = scheme === 'scrypt' && Object.values(cost).every((v) => Number.isSafeInteger(v) && v > 0);
  return valid ? cost : undefined;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A password to hand to a person once: 20 characters from a 57-symbol alphabet (~116 bits). */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let out = '';
  for (let i = 0; i < 20; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
