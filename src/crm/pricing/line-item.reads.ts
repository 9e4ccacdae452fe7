/**
 * What the pages and the assistant read of a booking's lines, as values: its lines in their order
 * on documents, and one with the version its form carries.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import type { Reads } from '../data/reads.js';
import { findVersioned } from '../version-tag.js';
import { lineRowsOfBooking } from './booking-totals.js';
import { lineItemCodec, type LineItemValue } from './line-item.codec.js';
import { lineItemDefinition } from './line-item.resource.js';
import { type LineItemInput, lineItemProblems } from './line-items.js';

/** A booking's lines in their order on documents. */
export async function linesOfBooking(db: Db | Trx, bookingId: string): Promise<LineItemValue[]> {
  return (await lineRowsOfBooking(db, bookingId)).map(lineItemCodec.decode);
}

/** The organization's line with the version its form carries, or undefined. */
export function findLineItem(reads: Reads, organizationId: string, id: string) {
  return findVersioned(reads, lineItemDefinition, lineItemCodec.decode, organizationId, id);
}

/** Every problem of a change of the line, writing nothing (its edit form). */
export const lineItemChangeProblems = (
  db: Db,
  actor: Pick<Actor, 'organizationId'>,
  input: LineItemInput,
  line: LineItemValue,
) => lineItemProblems(db, actor, input, lineItemCodec.encode(line));
