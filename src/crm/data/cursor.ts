/**
 * Opaque page cursors: the sort they belong to, the sort column's value and the id of the row at
 * the page's edge, and a fingerprint of the filters of the list they were made for. Paging
 * continues strictly after (or before) that (value, id) pair, so inserts and deletes between
 * requests never duplicate or skip a row. Cursors are signed (HMAC-SHA256 with a key of the
 * installation), so a forged or altered one is refused, and one used with other filters than its
 * list's is refused rather than silently paging another list.
 */
import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import { BadRequestError } from '../../errors.js';

export interface Cursor {
  sort: string;
  value: string;
  /** The edge row's value of a second sort column, when the list has one. */
  then?: string | undefined;
  id: string;
  /** The fingerprint of the filters of the list (see listFingerprint). */
  filters: string;
}

/** A short digest of a list's filters and search, which its cursors carry (filters in any order). */
export function listFingerprint(
  filters: ReadonlyArray<{ column: string; operator: string; value: unknown }>,
  search: string | undefined,
): string {
  if (filters.length === 0 && search === undefined) return UNFILTERED;
  return digest([
    filters
      .map((f) => [f.column, f.operator, f.value])
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    search ?? null,
  ]);
}

function digest(parts: unknown): string {
  return hash('sha256', JSON.stringify(parts), 'base64url').slice(0, 16);
}

/** The fingerprint of a list without filters or search (every list asked for without any). */
const UNFILTERED = digest([[], null]);

/** Cursors kept, issued and accepted: pages' edges repeat as clients page and poll. */
const CURSORS_KEPT = 10_000;
/** Cursors kept per edge row: one for each list (sort and filters) it was an edge of. */
const CURSORS_PER_ROW = 8;

/** A cursor issued, with the text it was issued as. */
interface Issued {
  sort: string;
  value: string;
  then: string | undefined;
  filters: string;
  text: string;
}

/** A bounded map: the oldest entry goes first. */
function keep<Value>(map: Map<string, Value>, key: string, value: Value): void {
  if (map.has(key)) return;
  if (map.size >= CURSORS_KEPT) map.delete(map.keys().next().value!);
  map.set(key, value);
}

function cursorOf(
  sort: string,
  value: string,
  then: string | undefined,
  id: string,
  filters: string,
): Cursor {
  return then === undefined ? { sort, value, id, filters } : { sort, value, then, id, filters };
}

export class CursorCodec {
  readonly #key: Buffer;
  /**
   * Cursors issued, by the id of their edge row: the id is looked up anyway as the page is
   * assembled, so its hash is at hand, where a key made of the whole content would be built and
   * hashed for every edge of every page.
   */
  readonly #issued = new Map<string, Issued[]>();
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
    const { sort, value, then, id, filters } = cursor;
    const issued = this.#issued.get(id);
    if (issued !== undefined) {
      for (const known of issued) {
        if (known.value === value && known.then === then && known.sort === sort && known.filters === filters)
          return known.text;
      }
    }
    const parts = then === undefined ? [sort, value, id, filters] : [sort, value, id, filters, then];
    const payload = Buffer.from(JSON.stringify(parts)).toString('base64url');
    const text = `${payload}.${this.#sign(payload).toString('base64url')}`;
    const entry = { sort, value, then, filters, text };
    if (issued === undefined) keep(this.#issued, id, [entry]);
    else {
      if (issued.length >= CURSORS_PER_ROW) issued.shift();
      issued.push(entry);
    }
    keep(this.#accepted, text, Object.freeze(cursorOf(sort, value, then, id, filters)));
    return text;
  }

  decode(raw: string, parameter: string, expected: { sort: string; filters: string }): Cursor {
    const read = this.#read(raw, parameter, expected);
    if (typeof read === 'string') throw new BadRequestError(read, { parameter }, 'invalid_cursor');
    return read;
  }

  /** Whether `raw` is a cursor of the list `expected` describes (the pages start again without one). */
  accepts(raw: string, expected: { sort: string; filters: string }): boolean {
    return typeof this.#read(raw, 'the cursor', expected) !== 'string';
  }

  /** The cursor, or why it is refused. */
  #read(raw: string, parameter: string, expected: { sort: string; filters: string }): Cursor | string {
    const known = this.#accepted.get(raw) ?? this.#verified(raw, parameter);
    if (typeof known === 'string') return known;
    const { sort, value, then, id, filters } = known;
    if (sort !== expected.sort) return `${parameter} belongs to sort=${sort}; keep the sort while paging.`;
    if (filters !== expected.filters) {
      return `${parameter} was made for a list with other filters; send the same filter[…] parameters while paging, or start again without a cursor.`;
    }
    return cursorOf(sort, value, then, id, filters);
  }

  /** The cursor `raw` encodes, once its signature is checked, or why it is refused. */
  #verified(raw: string, parameter: string): Readonly<Cursor> | string {
    const [payload = '', signature = '', ...rest] = raw.split('.');
    const given = Buffer.from(signature, 'base64url');
    const wanted = this.#sign(payload);
    if (rest.length > 0 || given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      return `${parameter} is not a cursor this API issued; use meta.after_cursor or meta.before_cursor as given.`;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      parsed = undefined;
    }
    if (
      !Array.isArray(parsed) ||
      (parsed.length !== 4 && parsed.length !== 5) ||
      !parsed.every((p) => typeof p === 'string')
    ) {
      return `${parameter} is not a cursor this API issued.`;
    }
    const [sort, value, id, filters, then] = parsed as [string, string, string, string, string?];
    const cursor = Object.freeze(cursorOf(sort, value, then, id, filters));
    keep(this.#accepted, raw, cursor);
    return cursor;
  }
}
