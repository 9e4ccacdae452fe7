/**
 * What a change keeps in a form of the database's: its data (the resource after it, and the
 * attributes it changed), JSON in `data`. Decoded here, the one place, for the change's readers
 * (the API's changes and the webhook deliveries' payload).
 */
import type { ChangeTable } from './change.table.js';

/** A change's data: the resource after it (`{type, id}` after a delete) and what it changed. */
export interface ChangeData {
  object: { links?: { self?: string } };
  previous_attributes?: object;
}

export const changeDataOf = (row: Pick<ChangeTable, 'data'>): ChangeData =>
  JSON.parse(row.data) as ChangeData;
