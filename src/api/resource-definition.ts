/**
 * What the generic list and fetch machinery needs to know about a resource type: its table,
 * the columns it may be sorted and filtered by, what it may include, and how a row becomes a
 * JSON:API resource. One definition per resource keeps the four resources' behaviour identical.
 */
import type { Resource, ResourceIdentifier } from './jsonapi.js';

export type ResourceTable = 'bookings' | 'accounts' | 'contacts' | 'notes' | 'users';

export type FilterKind = 'timestamp' | 'id' | 'enum';

export interface FilterField {
  column: string;
  kind: FilterKind;
  /** Allowed values of an enum field. */
  values?: readonly string[];
  /** `me` stands for the token's user (owner_id). */
  allowsMe?: boolean;
}

export type Row = Record<string, unknown> & { id: string; updated_at: string };

export interface ResourceDefinition {
  type: ResourceTable;
  /** Sortable attribute names (each has an (organization_id, column, id) index). */
  sortable: readonly string[];
  /** e.g. `-created_at`. */
  defaultSort: string;
  filters: Record<string, FilterField>;
  /** Relationship names that `include` accepts, and how to find the related resource of a row. */
  includes: Record<string, (row: Row) => ResourceIdentifier | null>;
  toResource(row: Row, baseUrl: string): Resource;
}
