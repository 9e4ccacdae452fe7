/**
 * What a list asks of its rows: filters (SPEC §5's operators), a search term, a sort and the
 * cursors of the page either side. The API reads these from a query string
 * (src/api/list-query.ts), the workspace from its pages' links; the data layer pages by them.
 */
import type { Database } from '../../db/database.js';

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
export type FilterOperator = (typeof FILTER_OPERATORS)[number] | 'contains';

/** A venue's own field a filter or sort reads (SPEC §19): its key in `custom_fields` and its type. */
export interface CustomValue {
  key: string;
  type: string;
}

/**
 * A to-many relationship kept in a link table, filtered as "holds one of these": the row's id is
 * among `table.key` where `table.column` matches (e.g. bookings holding a space).
 */
export interface LinkFilter {
  table: keyof Database & string;
  key: string;
  column: string;
}

export interface Filter<Column extends string = string> {
  column: Column;
  operator: FilterOperator;
  /** One value; a list for in/not_in; a boolean for null/not_null. */
  value: string | string[] | boolean;
  /** Set when the filter matches through a link table. */
  link?: LinkFilter;
  /** Set when the filter reads a custom field's value (its column then names it, for cursors). */
  custom?: CustomValue;
}

/** A list's rows as asked for: one page of them, in an order, filtered. */
export interface RowsQuery<Column extends string = string> {
  size: number;
  after: string | undefined;
  before: string | undefined;
  /** The sort column and, for lists of the workspace, a second one before the id tie-break. */
  sort: { column: Column; descending: boolean; then?: Column | undefined; custom?: CustomValue | undefined };
  filters: Array<Filter<Column>>;
  /** `filter[search]`: a substring of name, reference or e-mail. */
  search: string | undefined;
  /** What the list's cursors are bound to: its filters and search. */
  fingerprint: string;
}
