/**
 * Whether an automation may be saved (SPEC §18): a name; a trigger and steps of the shapes
 * automation-shapes.ts and automation-steps.ts read; templates, stages, members and custom fields
 * it names that are the organization's own (a custom field's condition with an op its type takes); a shipped `key` made once per organization and never changed. A
 * create that names only a shipped key makes that automation with the venue's templates. Every
 * problem at once, each at its pointer.
 */
import type { Db, Trx } from '../../db/database.js';
import { type Checked, Problems } from '../validation.js';
import { checkConditionFields } from './automation-condition-fields.js';
import { readConditions, readTrigger } from './automation-shapes.js';
import { readExits, readSteps } from './automation-steps.js';
import type { Automation, AutomationChanges } from './automation.value.js';
import { SHIPPED_KEYS, shippedAutomation, shippedSteps } from './shipped-automations.js';

export interface AutomationInput {
  name?: unknown;
  key?: unknown;
  enabled?: unknown;
  trigger?: unknown;
  conditions?: unknown;
  steps?: unknown;
  exitOn?: unknown;
  allowReenrollment?: unknown;
}

/** The ids among `ids` that are rows of `table` in the organization. */
async function existing(
  trx: Db | Trx,
  table: 'email_templates' | 'stages',
  organizationId: string,
  ids: string[],
) {
  if (ids.length === 0) return new Set<string>();
  const rows = await trx
    .selectFrom(table)
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

async function members(trx: Db | Trx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await trx
    .selectFrom('memberships')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** The shipped automation's attributes with the organization's templates, or why it cannot be made. */
async function shippedInput(trx: Db | Trx, organizationId: string, key: string, problems: Problems) {
  const shipped = shippedAutomation(key)!;
  const taken = await trx
    .selectFrom('automations')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (taken) problems.attribute('key', `This organization has the "${key}" automation already.`, 'taken');
  const templates = await trx
    .selectFrom('email_templates')
    .select(['id', 'kind'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const steps = shippedSteps(shipped, (kind) => templates.find((t) => t.kind === kind)?.id);
  if (!steps)
    problems.attribute('key', `"${shipped.name}" sends a template of a kind this organization has none of.`);
  return { name: shipped.name, trigger: shipped.trigger, steps, exitOn: shipped.exitOn, enabled: false };
}

/** What the automation's references name that is not the organization's, each at its pointer. */
async function checkReferences(
  trx: Db | Trx,
  organizationId: string,
  value: AutomationChanges,
  problems: Problems,
) {
  const steps = value.steps ?? [];
  const templates = steps.flatMap((s) => (s.type === 'send_email' ? [s.template_id] : []));
  const stages = [
    ...(value.trigger?.stage_id ? [value.trigger.stage_id] : []),
    ...steps.flatMap((s) => (s.type === 'move_stage' ? [s.stage_id] : [])),
  ];
  const people = steps.flatMap((s) => {
    const whom = s.type === 'send_email' ? s.to : s.type === 'create_task' ? s.assignee : undefined;
    return typeof whom === 'object' ? [whom.member_id] : [];
  });
  const [knownTemplates, knownStages, knownMembers] = await Promise.all([
    existing(trx, 'email_templates', organizationId, templates),
    existing(trx, 'stages', organizationId, stages),
    members(trx, organizationId, people),
  ]);
  if (value.trigger?.stage_id && !knownStages.has(value.trigger.stage_id))
    problems.attribute('trigger/stage_id', 'No stage of this organization has that id.');
  steps.forEach((s, i) => {
    if (s.type === 'send_email' && !knownTemplates.has(s.template_id))
      problems.attribute(`steps/${i}/template_id`, 'No e-mail template of this organization has that id.');
    if (s.type === 'move_stage' && !knownStages.has(s.stage_id))
      problems.attribute(`steps/${i}/stage_id`, 'No stage of this organization has that id.');
    const whom = s.type === 'send_email' ? s.to : s.type === 'create_task' ? s.assignee : undefined;
    if (typeof whom === 'object' && !knownMembers.has(whom.member_id))
      problems.attribute(
        `steps/${i}/${s.type === 'send_email' ? 'to' : 'assignee'}`,
        'No member of this organization has that id.',
      );
  });
}

export async function checkAutomation(
  trx: Db | Trx,
  organizationId: string,
  raw: AutomationInput,
  current?: Automation,
): Promise<Checked<AutomationChanges>> {
  const problems = new Problems();
  let input = raw;
  if (current && raw.key !== undefined)
    problems.attribute('key', 'A shipped automation’s key never changes.', 'read_only');
  if (!current && raw.key !== undefined && raw.key !== null) {
    if (typeof raw.key !== 'string' || !SHIPPED_KEYS.includes(raw.key))
      problems.attribute('key', `A key names a shipped automation: one of ${SHIPPED_KEYS.join(', ')}.`);
    else
      input = { ...(await shippedInput(trx, organizationId, raw.key, problems)), ...withoutUndefined(raw) };
  }
  const value: AutomationChanges = {};
  if (!current && typeof input.key === 'string') value.key = input.key;
  if (input.name !== undefined || !current) {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (name === '' || name.length > 200)
      problems.attribute('name', 'Name it in 1 to 200 characters.', 'blank');
    else value.name = name;
    problems.text('name', name);
  }
  if (input.enabled !== undefined || !current) {
    if (input.enabled !== undefined && typeof input.enabled !== 'boolean')
      problems.attribute('enabled', 'true or false.');
    else value.enabled = (input.enabled as boolean | undefined) ?? true;
  }
  if (input.allowReenrollment !== undefined || !current) {
    if (input.allowReenrollment !== undefined && typeof input.allowReenrollment !== 'boolean')
      problems.attribute('allow_reenrollment', 'true or false.');
    else value.allowReenrollment = (input.allowReenrollment as boolean | undefined) ?? false;
  }
  if (input.trigger !== undefined || !current) {
    const trigger = readTrigger(input.trigger, problems);
    if (trigger) value.trigger = trigger;
  }
  if (input.conditions !== undefined || !current) {
    value.conditions = readConditions(input.conditions, problems);
    await checkConditionFields(trx, organizationId, input.conditions, problems, current?.conditions);
  }
  if (input.steps !== undefined || !current) value.steps = readSteps(input.steps, problems);
  if (input.exitOn !== undefined || !current) value.exitOn = readExits(input.exitOn, problems);
  await checkReferences(trx, organizationId, value, problems);
  return { value, problems: [...problems.list] };
}

function withoutUndefined(input: AutomationInput): AutomationInput {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}
