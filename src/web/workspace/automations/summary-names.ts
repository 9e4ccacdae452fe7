/**
 * What an automation's words name by id (automationSummary), and what its editor offers: the
 * organization's e-mail templates (and, for a shipped automation not yet made, its first template
 * of a kind, as making it picks), its stages, its members and its custom fields of bookings (a
 * condition on one names its label, and a select's value by its option's label).
 */
import type { SummaryNames } from '../../../crm/automations/index.js';
import { customFieldsOf, fieldWordsByKey } from '../../../crm/custom-fields/index.js';
import type { Reads } from '../../../crm/data/reads.js';
import { listEmailTemplates } from '../../../crm/email-templates/index.js';
import { organizationOf } from '../../../crm/organization/index.js';
import { pipelinesWithStages, stageChoices } from '../../../crm/pipelines/index.js';
import { listMembersOfOrganization } from '../../../identity/membership.repository.js';
import type { EditorChoices } from './editor-choices.js';

/** The organization's names and choices, read once for a page. */
export async function automationNamesOf(
  reads: Reads,
  organizationId: string,
): Promise<{ names: SummaryNames; choices: EditorChoices }> {
  const [templates, pipelines, members, custom, organization] = await Promise.all([
    listEmailTemplates(reads, organizationId),
    pipelinesWithStages(reads.db, organizationId),
    listMembersOfOrganization(reads.db, organizationId),
    customFieldsOf(reads.db, organizationId, 'bookings'),
    organizationOf(reads.db, organizationId),
  ]);
  const currency = organization?.currency ?? 'USD';
  // Making a shipped automation takes the oldest template of each kind.
  const oldestFirst = [...templates].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  const stages = new Map(pipelines.flatMap((p) => p.stages.map((s) => [s.id, s.name] as const)));
  const memberName = (m: { name: string | null; email: string }) => m.name || m.email;
  const names: SummaryNames = {
    template: (id) => templates.find((t) => t.id === id)?.name,
    templateOfKind: (kind) => oldestFirst.find((t) => t.kind === kind)?.name,
    stage: (id) => stages.get(id),
    member: (id) => {
      const member = members.find((m) => m.userId === id);
      return member && memberName(member);
    },
    customField: fieldWordsByKey(custom.fields, currency),
  };
  const choices: EditorChoices = {
    stages: stageChoices(pipelines),
    templates: [...templates]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((t) => ({ value: t.id, label: t.name })),
    members: members.map((m) => ({ value: m.userId, label: memberName(m) })),
    customFields: custom.fields,
    currency,
  };
  return { names, choices };
}

export async function summaryNamesOf(reads: Reads, organizationId: string): Promise<SummaryNames> {
  return (await automationNamesOf(reads, organizationId)).names;
}
