/** A record's owner: a member of its organization (SPEC §7); by default whoever creates it. */
import type { Db, Trx } from '../db/database.js';
import type { Actor } from '../policy/actor.js';
import { isMember } from '../identity/membership.repository.js';
import type { Problems } from './validation.js';

/**
 * The owner to store: `requested` when given (null clears it), else on create the actor. A user
 * outside the organization is refused like an unknown one.
 */
export async function checkedOwner(
  trx: Db | Trx,
  actor: Actor,
  requested: string | null | undefined,
  problems: Problems,
): Promise<string | null | undefined> {
  if (requested === undefined || requested === null) return requested;
  if (await isMember(trx, actor.organizationId, requested)) return requested;
  problems.relationship('owner', `No member of this organization has the id "${requested}".`, 'not_found');
  return undefined;
}
