/**
 * Opaque page cursors: the sort they belong to, the sort column's value and the id of the row at
 * the page's edge. Paging continues strictly after (or before) that (value, id) pair, so inserts
 * and deletes between requests never duplicate or skip a row.
 */
import { BadRequestError } from '../errors.js';

export interface Cursor {
  sort: string;
  value: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id])).toString('base64url');
}

export function decodeCursor(raw: string, parameter: string, expectedSort: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((p) => typeof p === 'string')) {
    throw new BadRequestError(
      `${parameter} is not a cursor this API issued.`,
      { parameter },
      'invalid_cursor',
    );
  }
  const [sort, value, id] = parsed as [string, string, string];
  if (sort !== expectedSort) {
    throw new BadRequestError(
      `${parameter} belongs to sort=${sort}; keep the sort while paging.`,
      { parameter },
      'invalid_cursor',
    );
  }
  return { sort, value, id };
}
