/**
 * Whether an organization lets assistants that registered themselves (RFC 7591, SPEC §16) in:
 * on by default; its admins may turn it off under Settings → Developers, and then such an app is
 * never granted that organization and its tokens stop working there.
 */
import type { Db } from '../db/database.js';

/** The organizations among `organizationIds` that accept self-registered assistants. */
export async function organizationsAcceptingAssistants(
  db: Db,
  organizationIds: readonly string[],
): Promise<Set<string>> {
  if (organizationIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('organizations')
    .select('id')
    .where('id', 'in', organizationIds)
    .where('assistant_registration', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function acceptsAssistants(db: Db, organizationId: string): Promise<boolean> {
  return (await organizationsAcceptingAssistants(db, [organizationId])).has(organizationId);
}
