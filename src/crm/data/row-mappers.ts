/**
 * Decoding what a row keeps in a form of the database's: each column that is not yet the
 * domain's value is decoded here, once, where its row is read (test/project/data-layer.test.ts
 * refuses a second decoder).
 */

/** A flag column (0 or 1; a driver may hand it over as text) as a boolean. */
export function flag(value: number | string | boolean | null | undefined): boolean {
  return Boolean(Number(value));
}

/**
 * The spaces a row takes, from its space_ids column (a JSON array of ids): an event's spaces, or
 * a booking's (every space its events take).
 */
export function spaceIds(row: { space_ids: string }): string[] {
  return JSON.parse(row.space_ids) as string[];
}
