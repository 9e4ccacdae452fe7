/**
 * Opaque page cursors: the sort they belong to, the sort column's value and the id of the row at
 * the page's edge, and a fingerprint of the filters of the list they were made for. Paging
 * continues strictly after (or before) that (value, id) pair, so inserts and deletes between
 * requests never duplicate or skip a row. Cursors are signed (HMAC-SHA256 with a key of the
 * installation), so a forged or altered one is refused, and one used with other filters than its
 * list's is refused rather than silently paging another list.
 */
import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import { BadRequestError } from '../errors.js';

export interface Cursor {
  sort: string;
  value: string;
  id: string;
  /** The fingerprint of the filters of the list (see listFingerprint). */
  filters: string;
}

/** A short digest of a list's filters and search, which its cursors carry. */
export function listFingerprint(parts: unknown): string {
  return hash('sha256', JSON.stringify(parts), 'base64url').slice(0, 16);
}

/** Signatures kept of cursors issued or accepted: pages' edges repeat as clients page and poll. */
const SIGNATURES_KEPT = 10_000;

export class CursorCodec {
  readonly #key: Buffer;
  /** Signatures by payload, of payloads this codec signed or verified (never of refused ones). */
  readonly #signatures = new Map<string, Buffer>();

  constructor(key: Buffer) {
    this.#key = key;
  }

  #sign(payload: string): Buffer {
    return (
      this.#signatures.get(payload) ??
      createHmac('sha256', this.#key).update(payload).digest().subarray(0, 16)
    );
  }

  #keep(payload: string, signature: Buffer): void {
    if (this.#signatures.has(payload)) return;
    if (this.#signatures.size >= SIGNATURES_KEPT)
      this.#signatures.delete(this.#signatures.keys().next().value!);
    this.#signatures.set(payload, signature);
  }

  encode(cursor: Cursor): string {
    const payload = Buffer.from(
      JSON.stringify([cursor.sort, cursor.value, cursor.id, cursor.filters]),
    ).toString('base64url');
    const signature = this.#sign(payload);
    this.#keep(payload, signature);
    return `${payload}.${signature.toString('base64url')}`;
  }

  decode(raw: string, parameter: string, expected: { sort: string; filters: string }): Cursor {
    const refuse = (detail: string) => new BadRequestError(detail, { parameter }, 'invalid_cursor');
    const [payload = '', signature = '', ...rest] = raw.split('.');
    const given = Buffer.from(signature, 'base64url');
    const wanted = this.#sign(payload);
    if (rest.length > 0 || given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      throw refuse(
        `${parameter} is not a cursor this API issued; use meta.after_cursor or meta.before_cursor as given.`,
      );
    }
    this.#keep(payload, wanted);
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed) || parsed.length !== 4 || !parsed.every((p) => typeof p === 'string')) {
      throw refuse(`${parameter} is not a cursor this API issued.`);
    }
    const [sort, value, id, filters] = parsed as [string, string, string, string];
    if (sort !== expected.sort)
      throw refuse(`${parameter} belongs to sort=${sort}; keep the sort while paging.`);
    if (filters !== expected.filters) {
      throw refuse(
        `${parameter} was made for a list with other filters; send the same filter[…] parameters while paging, or start again without a cursor.`,
      );
    }
    return { sort, value, id, filters };
  }
}
