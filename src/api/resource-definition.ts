/**
 * What the generic read machinery needs to know about a resource type: its table, the columns it
 * may be sorted and filtered by, what it may include, and how a row becomes a JSON:API resource.
 * Column names are typed against the table's row type, so renaming a column breaks the build
 * here rather than a query at run time. One definition per resource keeps their behaviour identical.
 */
import type { TSchema } from '@fastify/type-provider-typebox';
import type { CustomValue, Filter, FilterOperator, LinkFilter } from '../crm/data/list-shape.js';
import type { ColumnOf, OrganizationTable, ReadContext, RecordKind, RowOf } from '../crm/data/rows.js';
import type { Db } from '../db/database.js';
import type { SearchableTable } from '../db/search-index.js';
import type { Resource, ResourceIdentifier } from './jsonapi.js';

export type { ColumnOf, OrganizationTable, ReadContext, RowOf } from '../crm/data/rows.js';
export { readContextOf } from '../crm/data/rows.js';
export { FILTER_OPERATORS, type FilterOperator, type LinkFilter } from '../crm/data/list-shape.js';

/** `date`: a calendar date (YYYY-MM-DD) kept as text, compared as such. */
export type FilterKind = 'timestamp' | 'date' | 'id' | 'enum' | 'boolean';

export interface FilterField<Column extends string = string> {
  column: Column;
  kind: FilterKind;
  /** Allowed values of an enum field. */
  values?: readonly string[];
  /** `me` stands for the token's user (owner_id). */
  allowsMe?: boolean;
  /** `none` stands for no value: `[eq]=none` is `[null]=true`, `[not_eq]=none` is `[null]=false`. */
  none?: boolean;
  /** The operators this field takes (default: all of them). */
  operators?: readonly FilterOperator[];
  /** When set, the filter matches through a link table instead of `column`. */
  link?: LinkFilter;
  /** What the filter takes, for the OpenAPI document, when its kind does not say it. */
  description?: string;
  /**
   * A filter read against the clock (`filter[overdue][eq]=true`): the filters it stands for at
   * `now`. Its lists are read afresh each time, and its cursors are bound to the filter as asked.
   */
  onClock?: (now: number) => Array<Filter<Column>>;
}

/** A kind of record as the API serves it: where, how it is listed, and its resource. */
export interface ResourceDefinition<
  Table extends OrganizationTable = OrganizationTable,
> extends RecordKind<Table> {
  /** Where the collection is served, e.g. `/v2/bookings`. */
  path: string;
  /** Further paths serving the same routes (e.g. `/v2/notes` beside the seed's `/notes`). */
  alsoAt?: readonly string[];
  /** The resource's schema (validation, serialization and the OpenAPI document). */
  schema: TSchema;
  /** OpenAPI tag. */
  tag: string;
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
  /** The JSON:API resource; `context` is readContext's, for the types that have one. */
  toResource(row: RowOf<Table>, baseUrl: string, context?: ReadContext): Resource;
  /**
   * A kind with a venue's own fields (SPEC §19): those of the organization, from its read context,
   * which `filter[custom_fields.<key>]` and `sort=custom_fields.<key>` name.
   */
  customFields?(context: ReadContext | undefined): readonly CustomValue[];
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
