/** What the doors read of automations and their runs: the organization's, as values. */
import type { Reads } from '../data/reads.js';
import { findVersioned } from '../version-tag.js';
import { automationDefinition } from './automation.resource.js';
import { type Automation, automationCodec } from './automation.value.js';

/** The organization's automations by name. */
export async function listAutomations(reads: Reads, organizationId: string): Promise<Automation[]> {
  const rows = await reads.db
    .selectFrom('automations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(automationCodec.decode);
}

/** The organization's automation with the version its form carries, or undefined. */
export function findAutomation(reads: Reads, organizationId: string, id: string) {
  return findVersioned(reads, automationDefinition, automationCodec.decode, organizationId, id);
}
