/**
 * What the generic read machinery needs to know about a resource type: its table, the columns it
 * may be sorted and filtered by, what it may include, and how a row becomes a JSON:API resource.
 * Column names are typed against the table's row type, so renaming a column breaks the build
 * here rather than a query at run time. One definition per resource keeps their behaviour identical.
 */
import type { TSchema } from '@fastify/type-provider-typebox';
import type { Selectable } from 'kysely';
import type { Database, Db, Trx } from '../db/database.js';
import type { SearchableTable } from '../db/search-index.js';
import type { Resource, ResourceIdentifier } from './jsonapi.js';

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

/** `date`: a calendar date (YYYY-MM-DD) kept as text, compared as such. */
export type FilterKind = 'timestamp' | 'date' | 'id' | 'enum' | 'boolean';

/** The filter operators of SPEC §5. */
export const FILTER_OPERATORS = [
  'eq',
  'not_eq',
  'lt',
  'lteq',
  'gt',
  'gteq',
  'in',
  'not_in',
  'null',
  'not_null',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/**
 * A to-many relationship kept in a link table, filtered as "holds one of these": the row's id is
 * among `table.key` where `table.column` matches (e.g. bookings holding a space).
 */
export interface LinkFilter {
  table: keyof Database & string;
  key: string;
  column: string;
}

export interface FilterField<Column extends string = string> {
  column: Column;
  kind: FilterKind;
  /** Allowed values of an enum field. */
  values?: readonly string[];
  /** `me` stands for the token's user (owner_id). */
  allowsMe?: boolean;
  /** The operators this field takes (default: all of them). */
  operators?: readonly FilterOperator[];
  /** When set, the filter matches through a link table instead of `column`. */
  link?: LinkFilter;
}

export interface ResourceDefinition<Table extends OrganizationTable = OrganizationTable> {
  /** The JSON:API type, which is also the table's name. */
  type: Table;
  /** Where the collection is served, e.g. `/v2/bookings`. */
  path: string;
  /** Further paths serving the same routes (e.g. `/v2/notes` beside the seed's `/notes`). */
  alsoAt?: readonly string[];
  /** The resource's schema (validation, serialization and the OpenAPI document). */
  schema: TSchema;
  /** OpenAPI tag, the plural noun and the singular one (summaries, event names: `booking.created`). */
  tag: string;
  noun: string;
  singular: string;
  /** Sortable columns; each has an (organization_id, column, id) index. */
  sortable: readonly ColumnOf<Table>[];
  /** e.g. `-created_at`. */
  defaultSort: `${'' | '-'}${ColumnOf<Table>}`;
  filters: Readonly<Record<string, FilterField<ColumnOf<Table>>>>;
  /** When set, `filter[search]` matches a substring of the row's name, reference or e-mail. */
  search?: SearchableTable;
  /** Relationship names that `include` accepts, and how to find the related resource of a row. */
  includes: Readonly<
    Record<string, (row: RowOf<Table>) => ResourceIdentifier | readonly ResourceIdentifier[] | null>
  >;
  /**
   * What serializing the type's rows needs besides each row (a booking's room names come from
   * its organization's spaces), read once for all the rows of a document.
   */
  readContext?: (db: Db | Trx, organizationId: string) => Promise<ReadContext>;
  /** What a resource shows of other rows (a booking's room names): its ETag covers it too. */
  derived?: {
    /** The attributes made of other rows. */
    attributes: readonly string[];
    /** Their values for a row, in that order (as toResource shows them). */
    values(row: RowOf<Table>, context: ReadContext): unknown[];
  };
  /** The resource; `context` is readContext's, for the types that have one. */
  toResource(row: RowOf<Table>, baseUrl: string, context?: ReadContext): Resource;
}

/** See ResourceDefinition.readContext. */
export interface ReadContext {
  /**
   * Moves on whenever what the context holds changes: serialized resources kept by version are
   * kept under it too (src/api/resource-fragments.ts).
   */
  readonly stamp: string;
}

/** The read context of `definition`'s rows in the organization, when it has one. */
export function readContextOf<Table extends OrganizationTable>(
  db: Db | Trx,
  definition: ResourceDefinition<Table>,
  organizationId: string,
): Promise<ReadContext | undefined> {
  return definition.readContext ? definition.readContext(db, organizationId) : Promise.resolve(undefined);
}

/** A resource as `included` needs it: the document and the version its ETag depends on. */
export interface IncludedResource {
  resource: Resource;
  updatedAt: string;
}

/** Loads resources of one type by id within an organization, for `include`. */
export interface IncludeSource {
  type: string;
  /** Its attribute and relationship names, for sparse fieldsets (`fields[TYPE]`). */
  fields: readonly string[];
  load(db: Db, organizationId: string, ids: readonly string[], baseUrl: string): Promise<IncludedResource[]>;
}
