/**
 * Referral sources an import names by a name the organization has no source for yet: made once
 * each (the first spelling of a name, whatever its case, is kept), as a single create makes them
 * and told as `referral_source.created`.
 */
import type { Work } from '../../writes/unit-of-work.js';
import { recordCreated } from '../change-events.js';
import { insertRecord } from '../records.js';
import { referralSourceDefinition } from './referral-source.resource.js';

/** Makes the sources named; returns the id of each name, whatever its case. */
export async function referralSourcesFor(
  work: Work,
  names: Iterable<string | undefined>,
): Promise<(name: string) => string | undefined> {
  const made = new Map<string, string>();
  for (const name of names) {
    const key = name?.trim().toLowerCase();
    if (!key || made.has(key)) continue;
    const row = await insertRecord(
      work.trx,
      'referral_sources',
      work.actor.organizationId,
      { name: name!.trim() },
      work.now,
    );
    await recordCreated(work.trx, referralSourceDefinition, row, work.now);
    made.set(key, row.id);
  }
  return (name) => made.get(name.trim().toLowerCase());
}
