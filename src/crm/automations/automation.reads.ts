/** What the doors read of automations and their runs: the organization's, as values. */
import type { Reads, Versioned } from '../data/reads.js';
import { findVersioned, versionTag } from '../version-tag.js';
import { automationDefinition } from './automation.resource.js';
import { type Automation, automationCodec } from './automation.value.js';

function organizationAutomations(reads: Reads, organizationId: string) {
  return reads.db
    .selectFrom('automations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The organization's automations by name. */
export async function listAutomations(reads: Reads, organizationId: string): Promise<Automation[]> {
  return (await organizationAutomations(reads, organizationId)).map(automationCodec.decode);
}

/** The organization's automations by name, each with the version its forms carry (If-Match). */
export async function listVersionedAutomations(
  reads: Reads,
  organizationId: string,
): Promise<Versioned<Automation>[]> {
  const rows = await organizationAutomations(reads, organizationId);
  // An automation shows nothing of other rows: its version is its own.
  return rows.map((row) => ({
    value: automationCodec.decode(row),
    version: versionTag(automationDefinition.type, row),
  }));
}

/** The organization's automation with the version its form carries, or undefined. */
export function findAutomation(reads: Reads, organizationId: string, id: string) {
  return findVersioned(reads, automationDefinition, automationCodec.decode, organizationId, id);
}
