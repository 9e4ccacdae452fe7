/**
 * What an automation's line of plain words names by id (automationSummary): the organization's
 * e-mail templates (and, for a shipped automation not yet made, its first template of a kind, as
 * making it picks), its stages and its members.
 */
import type { SummaryNames } from '../../../crm/automations/index.js';
import type { Reads } from '../../../crm/data/reads.js';
import { listEmailTemplates } from '../../../crm/email-templates/index.js';
import { pipelinesWithStages } from '../../../crm/pipelines/pipeline.reads.js';
import { listMembersOfOrganization } from '../../../identity/membership.repository.js';

export async function summaryNamesOf(reads: Reads, organizationId: string): Promise<SummaryNames> {
  const [templates, pipelines, members] = await Promise.all([
    listEmailTemplates(reads, organizationId),
    pipelinesWithStages(reads.db, organizationId),
    listMembersOfOrganization(reads.db, organizationId),
  ]);
  // Making a shipped automation takes the oldest template of each kind.
  const oldestFirst = [...templates].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  const stages = new Map(pipelines.flatMap((p) => p.stages.map((s) => [s.id, s.name] as const)));
  return {
    template: (id) => templates.find((t) => t.id === id)?.name,
    templateOfKind: (kind) => oldestFirst.find((t) => t.kind === kind)?.name,
    stage: (id) => stages.get(id),
    member: (id) => {
      const member = members.find((m) => m.userId === id);
      return member && (member.name || member.email);
    },
  };
}
