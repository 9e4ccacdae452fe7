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

/** Cursors kept, issued and accepted: pages' edges repeat as clients page and poll. */
const CURSORS_KEPT = 10_000;

/** A bounded map: the oldest entry goes first. */
function keep<Value>(map: Map<string, Value>, key: string, value: Value): void {
  if (map.has(key)) return;
  if (map.size >= CURSORS_KEPT) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export class CursorCodec {
  readonly #key: Buffer;
  /** Cursors issued, by their content (the JSON their payload encodes). */
  readonly #issued = new Map<string, string>();
  /**
   * Cursors whose signature was made or checked here, by their whole text: found again by an
   * exact match of text that includes a valid signature, so they need no second check.
   */
  readonly #accepted = new Map<string, Readonly<Cursor>>();

  constructor(key: Buffer) {
    this.#key = key;
  }

  #sign(payload: string): Buffer {
    return createHmac('sha256', this.#key).update(payload).digest().subarray(0, 16);
  }

  encode(cursor: Cursor): string {
    const content = JSON.stringify([cursor.sort, cursor.value, cursor.id, cursor.filters]);
    let text = this.#issued.get(content);
    if (text === undefined) {
      const payload = Buffer.from(content).toString('base64url');
      text = `${payload}.${this.#sign(payload).toString('base64url')}`;
      keep(this.#issued, content, text);
      const { sort, value, id, filters } = cursor;
      keep(this.#accepted, text, Object.freeze({ sort, value, id, filters }));
    }
    return text;
  }

  decode(raw: string, parameter: string, expected: { sort: string; filters: string }): Cursor {
    const refuse = (detail: string) => new BadRequestError(detail, { parameter }, 'invalid_cursor');
    const known = this.#accepted.get(raw) ?? this.#verified(raw, parameter, refuse);
    const { sort, value, id, filters } = known;
    if (sort !== expected.sort)
      throw refuse(`${parameter} belongs to sort=${sort}; keep the sort while paging.`);
    if (filters !== expected.filters) {
      throw refuse(
        `${parameter} was made for a list with other filters; send the same filter[…] parameters while paging, or start again without a cursor.`,
      );
    }
    return { sort, value, id, filters };
  }

  /** The cursor `raw` encodes, once its signature is checked. */
  #verified(raw: string, parameter: string, refuse: (detail: string) => Error): Readonly<Cursor> {
    const [payload = '', signature = '', ...rest] = raw.split('.');
    const given = Buffer.from(signature, 'base64url');
    const wanted = this.#sign(payload);
    if (rest.length > 0 || given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      throw refuse(
        `${parameter} is not a cursor this API issued; use meta.after_cursor or meta.before_cursor as given.`,
      );
    }
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
    const cursor = Object.freeze({ sort, value, id, filters });
    keep(this.#accepted, raw, cursor);
    return cursor;
  }
}
