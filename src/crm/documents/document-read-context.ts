/**
 * What showing a document needs besides its row, read once per organization for all the
 * documents of a request: which signed proposals' bookings changed since the client signed, and
 * where (signed-state.ts). Only signed proposals are looked at, so a list of drafts or invoices
 * costs one query. Its stamp moves when the answer does.
 */
import { createHash } from 'node:crypto';
import type { Db, Trx } from '../../db/database.js';
import type { ReadContext } from '../data/rows.js';
import { changesSinceSigned, type SignedPart, signedProposalsOf } from './signed-state.js';

export interface DocumentReadContext extends ReadContext {
  /** The parts changed since signing, by signed proposal; a proposal not here is unchanged. */
  readonly changedSinceSigned: ReadonlyMap<string, readonly SignedPart[]>;
}

export async function documentReadContext(
  db: Db | Trx,
  organizationId: string,
): Promise<DocumentReadContext> {
  const changes = await changesSinceSigned(db, organizationId, await signedProposalsOf(db, organizationId));
  const entries = [...changes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    changedSinceSigned: changes,
    stamp:
      entries.length === 0 ? 'unchanged' : createHash('sha256').update(JSON.stringify(entries)).digest('hex'),
  };
}

/** Whether the document is a signed proposal whose booking changed since (false without a context). */
export function changedSinceSigned(id: string, context: ReadContext | undefined): boolean {
  return (context as DocumentReadContext | undefined)?.changedSinceSigned.has(id) ?? false;
}
