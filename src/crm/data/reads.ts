/**
 * Where a face's queries read from: the database, reached through the context a door was given
 * (a request's, the app's), so that a door holds no database handle of its own and reads only
 * through faces (docs/decisions/0017).
 */
import type { Db } from '../../db/database.js';

export interface Reads {
  readonly db: Db;
}

/** A record as a door shows it: its value, and the version its forms carry back (If-Match). */
export interface Versioned<Value> {
  value: Value;
  version: string;
}

