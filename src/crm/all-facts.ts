/**
 * Every fact of an organization at once, for writes of many records (an import): its members,
 * accounts (also by name), contacts (also by e-mail), spaces, stages and referral sources (also by
 * name, whatever its case), and the first stage new bookings go to.
 */
import type { Trx } from '../db/database.js';
import { spacesById, stagesOf, venueFacts, type VenueFacts } from './facts.js';
import { emailKey } from './contacts/index.js';

/** Every fact of an organization, and its accounts by name (an import may name them so). */
export interface AllFacts extends VenueFacts {
  accountsNamed(name: string): readonly string[];
  /** Stages and referral sources by name, whatever its case (an import may name them so). */
  stagesNamed(name: string): readonly string[];
  referralSourcesNamed(name: string): readonly string[];
  /** Contacts by e-mail address, whatever its case. */
  contactsWithEmail(email: string): readonly string[];
  /** Members (user ids) by e-mail address, whatever its case. */
  membersWithEmail(email: string): readonly string[];
}

/** Ids by trimmed name; `fold` makes the key case-blind. */
function idsByName(rows: ReadonlyArray<{ id: string; name: string }>, fold: boolean) {
  return idsByKey(rows, (name) => (fold ? name.trim().toLowerCase() : name.trim()));
}

/** Ids by the key of their name. */
function idsByKey(rows: ReadonlyArray<{ id: string; name: string }>, key: (name: string) => string) {
  const byName = new Map<string, string[]>();
  for (const row of rows) byName.set(key(row.name), [...(byName.get(key(row.name)) ?? []), row.id]);
  return (name: string): readonly string[] => byName.get(key(name)) ?? [];
}

/** Every fact of the organization, for writes of many records at once (an import). */
export async function loadAllFacts(
  trx: Trx,
  organizationId: string,
  actorId: string | null,
): Promise<AllFacts> {
  const [members, accounts, contacts, spaces, stages, referralSources] = await Promise.all([
    trx
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'u.email'])
      .where('m.organization_id', '=', organizationId)
      .execute(),
    trx.selectFrom('accounts').select(['id', 'name']).where('organization_id', '=', organizationId).execute(),
    trx
      .selectFrom('contacts')
      .select(['id', 'email'])
      .where('organization_id', '=', organizationId)
      .execute(),
    trx.selectFrom('spaces').selectAll().where('organization_id', '=', organizationId).execute(),
    stagesOf(trx, organizationId),
    trx
      .selectFrom('referral_sources')
      .select(['id', 'name'])
      .where('organization_id', '=', organizationId)
      .execute(),
  ]);
  const facts = venueFacts(actorId, {
    accounts: new Set(accounts.map((a) => a.id)),
    contacts: new Set(contacts.map((c) => c.id)),
    members: new Set(members.map((m) => m.user_id)),
    spaces: spacesById(spaces),
    stages,
    referralSources: new Set(referralSources.map((s) => s.id)),
  });
  return {
    ...facts,
    accountsNamed: idsByName(accounts, false),
    stagesNamed: idsByName(stages, true),
    referralSourcesNamed: idsByName(referralSources, true),
    membersWithEmail: idsByName(
      members.map((m) => ({ id: m.user_id, name: m.email })),
      true,
    ),
    contactsWithEmail: idsByKey(
      contacts.flatMap((c) => (c.email ? [{ id: c.id, name: c.email }] : [])),
      emailKey,
    ),
  };
}
