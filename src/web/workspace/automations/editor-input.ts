/**
 * The automation editor's values read into what the automation's commands take (SPEC §18), and
 * an automation read back into the editor's values. What the form itself can tell (a choice not
 * made, a number that is none, a time that is no time) it says beside the control in plain words;
 * the automation's rules judge the rest, and their problems (`steps/1/days`) are put beside the
 * control they name (`step_1_days`).
 */
import type { Automation, Step } from '../../../crm/automations/index.js';
import type { FieldProblem } from '../../../errors.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { workspaceWords } from '../forms/problem-words.js';
import { conditionRowOf, readConditionRows } from './editor-conditions.js';
import type { EditorChoices } from './editor-choices.js';
import { emptyStep, type EditorValues, type StepRow } from './editor-values.js';

const DAY_TRIGGERS = ['installment.due', 'installment.overdue', 'event.upcoming', 'event.finished'];
const WHOLE = /^\d{1,4}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A whole number typed (undefined when empty), or an error in `errors` at `name`. */
function whole(typed: string, name: string, max: number, errors: FieldErrors, words: string) {
  const text = typed.trim();
  if (text === '') return undefined;
  if (!WHOLE.test(text) || Number(text) > max) errors[name] = words;
  return Number(text);
}

/** A member chosen as `member:<id>`, or the word chosen. */
const whomOf = (chosen: string) =>
  chosen.startsWith('member:') ? { member_id: chosen.slice('member:'.length) } : chosen;

function readTriggerOf(values: EditorValues, errors: FieldErrors): Record<string, unknown> | undefined {
  const t = values.trigger;
  if (t.type === '') {
    errors.trigger_type = 'Choose what starts the automation.';
    return undefined;
  }
  const trigger: Record<string, unknown> = { type: t.type };
  if (DAY_TRIGGERS.includes(t.type)) {
    const days = whole(t.days, 'trigger_days', 365, errors, 'Give a whole number of days, 0 to 365.');
    if (days === undefined) errors.trigger_days = 'Say how many days: 0 means on the day itself.';
    trigger.days = days;
  }
  if (t.type === 'booking.status_changed') {
    if (t.status === '') errors.trigger_status = 'Choose the status the booking changes to.';
    trigger.status = t.status;
  }
  if (t.type === 'booking.stage_entered') {
    if (t.stage === '') errors.trigger_stage = 'Choose the stage the booking enters.';
    trigger.stage_id = t.stage;
  }
  if ((t.type === 'document.sent' || t.type === 'document.signed') && t.kind !== '') trigger.kind = t.kind;
  if (t.type === 'booking.created' && t.sources.length > 0) trigger.sources = t.sources;
  return trigger;
}

function readStep(row: StepRow, i: number, errors: FieldErrors): Record<string, unknown> {
  const at = (input: string) => `step_${i}_${input}`;
  switch (row.type) {
    case 'wait': {
      const days = whole(row.days, at('days'), 365, errors, 'Give a whole number of days, 0 to 365.');
      const hours = whole(row.hours, at('hours'), 8760, errors, 'Give a whole number of hours.');
      if (row.at !== '' && !TIME.test(row.at)) errors[at('at')] = 'Give a time of day, such as 09:00.';
      if (days === undefined && hours === undefined && row.at === '' && row.window !== 'yes')
        errors[at('days')] = 'Say how long to wait: days, hours, a time of day or the sending window.';
      return {
        type: 'wait',
        ...(days !== undefined ? { days } : {}),
        ...(hours !== undefined ? { hours } : {}),
        ...(row.at !== '' ? { at: row.at } : {}),
        ...(row.window === 'yes' ? { in_sending_window: true } : {}),
      };
    }
    case 'send_email':
      if (row.template === '') errors[at('template')] = 'Choose the e-mail template to send.';
      return {
        type: 'send_email',
        template_id: row.template,
        to: whomOf(row.to),
        requires_approval: row.approval === 'yes',
      };
    case 'create_task': {
      if (row.title.trim() === '') errors[at('title')] = 'Give the task a title.';
      const days = whole(row.days, at('days'), 365, errors, 'Give a whole number of days, 0 to 365.');
      return { type: 'create_task', title: row.title, days: days ?? 0, assignee: whomOf(row.assignee) };
    }
    case 'move_stage':
      if (row.stage === '') errors[at('stage')] = 'Choose the stage to move the booking to.';
      return { type: 'move_stage', stage_id: row.stage };
    case 'add_note':
      if (row.body.trim() === '') errors[at('body')] = 'Write the note.';
      return { type: 'add_note', body: row.body };
    default:
      return { type: row.type };
  }
}

/** The values as the automation's input, and what the form itself finds wrong, by control. */
export function editorInputOf(values: EditorValues, choices: EditorChoices) {
  const errors: FieldErrors = {};
  const trigger = readTriggerOf(values, errors);
  const read = readConditionRows(values.conditions, choices);
  Object.assign(errors, read.errors);
  if (values.steps.length === 0)
    errors.steps = 'Add at least one step: choose what it does, then “Add the step”.';
  const steps = values.steps.map((row, i) => readStep(row, i, errors));
  const exitOn = [
    ...(values.exits.signed ? [{ type: 'document.signed' }] : []),
    ...(values.exits.writes ? [{ type: 'message.received' }] : []),
    ...(values.exits.statuses.length > 0 ? [{ type: 'status', value: values.exits.statuses }] : []),
  ];
  const input = {
    name: values.name,
    trigger,
    conditions: read.conditions,
    steps,
    exitOn,
    allowReenrollment: values.allowReenrollment,
  };
  return { input, errors };
}

const STEP_INPUTS: Record<string, string> = {
  template_id: 'template',
  stage_id: 'stage',
  requires_approval: 'approval',
  in_sending_window: 'window',
};
const TRIGGER_INPUTS: Record<string, string> = { stage_id: 'stage', sources: 'sources' };

/** The control a rule's problem names (`steps/1/template_id` → `step_1_template`). */
function controlOf(field: string): string {
  const [part, index, member] = field.split('/');
  if (part === 'trigger') return `trigger_${TRIGGER_INPUTS[index ?? ''] ?? index ?? 'type'}`;
  if (part === 'conditions')
    return index === undefined ? 'conditions' : `condition_${index}_${member ?? 'field'}`;
  if (part === 'steps')
    return index === undefined ? 'steps' : `step_${index}_${STEP_INPUTS[member ?? ''] ?? member ?? 'type'}`;
  if (part === 'exit_on') return 'exit_statuses';
  return part ?? '';
}

/** The rules' problems beside their controls; the form's own word on a control stands. */
export function ruleErrors(problems: readonly FieldProblem[], own: FieldErrors): FieldErrors {
  const errors: FieldErrors = { ...own };
  for (const problem of problems) {
    const control = controlOf(problem.field ?? '');
    if (control !== '' && errors[control] === undefined) errors[control] = workspaceWords(problem);
  }
  return errors;
}

function stepRowOf(step: Step): StepRow {
  const row = emptyStep(step.type);
  const who = (w: string | { member_id: string }) => (typeof w === 'object' ? `member:${w.member_id}` : w);
  if (step.type === 'wait') {
    row.days = step.days === undefined ? '' : String(step.days);
    row.hours = step.hours === undefined ? '' : String(step.hours);
    row.at = step.at ?? '';
    row.window = step.in_sending_window ? 'yes' : '';
  } else if (step.type === 'send_email') {
    Object.assign(row, {
      template: step.template_id,
      to: who(step.to),
      approval: step.requires_approval ? 'yes' : '',
    });
  } else if (step.type === 'create_task') {
    Object.assign(row, { title: step.title, days: String(step.days), assignee: who(step.assignee) });
  } else if (step.type === 'move_stage') row.stage = step.stage_id;
  else row.body = step.body;
  return row;
}

/** An automation as the editor shows it. */
export function editorValuesOf(automation: Automation, choices: EditorChoices): EditorValues {
  const t = automation.trigger;
  const statuses = automation.exitOn.flatMap((e) => (e.type === 'status' ? e.value : []));
  return {
    name: automation.name,
    trigger: {
      type: t.type,
      days: t.days === undefined ? '' : String(t.days),
      status: t.status ?? '',
      stage: t.stage_id ?? '',
      kind: t.kind ?? '',
      sources: t.sources ?? [],
    },
    conditions: automation.conditions.map((c) => conditionRowOf(c, choices)),
    steps: automation.steps.map(stepRowOf),
    exits: {
      signed: automation.exitOn.some((e) => e.type === 'document.signed'),
      writes: automation.exitOn.some((e) => e.type === 'message.received'),
      statuses,
    },
    allowReenrollment: automation.allowReenrollment,
  };
}
