/**
 * The domain's records as the data layer knows them: a table whose rows belong to one
 * organization and version themselves by updated_at, the row type read from it, and what a kind
 * of record tells of itself (its name, what it shows of other rows, how it is told in a change
 * event). The JSON:API engine (src/api) builds its resource definitions on these; rules, commands
 * and reads take them without knowing the engine.
 */
import type { Selectable } from 'kysely';
import type { Database, Db, Trx } from '../../db/database.js';

interface VersionedRow {
  id: string;
  organization_id: string;
  updated_at: string;
}

/** Tables whose rows belong to one organization and version themselves by updated_at. */
export type OrganizationTable = {
  [Name in keyof Database]: Database[Name] extends VersionedRow ? Name : never;
}[keyof Database];

/** A row of the table (the intersection lets generic code read the columns every such table has). */
export type RowOf<Table extends OrganizationTable> = Selectable<Database[Table]> & VersionedRow;
export type ColumnOf<Table extends OrganizationTable> = keyof Selectable<Database[Table]> & string;

/** See RecordKind.readContext. */
export interface ReadContext {
  /**
   * Moves on whenever what the context holds changes: serialized resources kept by version are
   * kept under it too (src/api/resource-fragments.ts).
   */
  readonly stamp: string;
}

/** A record as a change event tells it (SPEC §8): its type, id, attributes and relationships. */
export interface ToldRecord {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, unknown>;
}

/** A kind of record: what commands, change events and version tags need to know of it. */
export interface RecordKind<Table extends OrganizationTable = OrganizationTable> {
  /** The table's name, which is also the record's type. */
  type: Table;
  /** The plural noun and the singular one (messages, event names: `booking.created`). */
  noun: string;
  singular: string;
  /**
   * What showing the kind's rows needs besides each row (a booking's room names come from its
   * organization's spaces), read once for all the rows shown together.
   */
  readContext?: (db: Db | Trx, organizationId: string) => Promise<ReadContext>;
  /** What a record shows of other rows (a booking's room names): its version tag covers it too. */
  derived?: {
    /** The attributes made of other rows. */
    attributes: readonly string[];
    /** Their values for a row, in that order (as the record shows them). */
    values(row: RowOf<Table>, context: ReadContext): unknown[];
  };
  /** The record as it is shown; `context` is readContext's, for the kinds that have one. */
  toResource(row: RowOf<Table>, baseUrl: string, context?: ReadContext): ToldRecord;
}

/** The read context of `kind`'s rows in the organization, when it has one. */
export function readContextOf<Table extends OrganizationTable>(
  db: Db | Trx,
  kind: Pick<RecordKind<Table>, 'readContext'>,
  organizationId: string,
): Promise<ReadContext | undefined> {
  return kind.readContext ? kind.readContext(db, organizationId) : Promise.resolve(undefined);
}
