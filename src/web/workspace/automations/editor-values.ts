/**
 * The automation editor's values as typed (SPEC §18): a trigger with its own inputs, conditions as
 * rows (field, operator, value), steps as rows of their type, and the exits as ticks. Each control
 * is named plainly (`trigger_days`, `condition_0_op`, `step_1_template`), so a plain form post reads
 * back into these values, and a row is added, removed or moved by a submit button (`do`) that draws
 * the form again. What they mean for the automation is editor-input.ts's.
 */
import { type Form, formList, formText } from '../../forms.js';

export interface ConditionRow {
  /** status, event_type, source, guest_count, stage, or custom_fields.<key>. */
  field: string;
  op: string;
  /** One typed value, or the options ticked. */
  value: string[];
}

export interface StepRow {
  type: string;
  days: string;
  hours: string;
  at: string;
  /** 'yes' when ticked: a wait keeps to the sending window; an e-mail waits for approval. */
  window: string;
  approval: string;
  template: string;
  /** client, owner, admins or member:<id>. */
  to: string;
  title: string;
  /** owner or member:<id>. */
  assignee: string;
  stage: string;
  body: string;
}

export interface EditorValues {
  name: string;
  trigger: { type: string; days: string; status: string; stage: string; kind: string; sources: string[] };
  conditions: ConditionRow[];
  steps: StepRow[];
  exits: { signed: boolean; writes: boolean; statuses: string[] };
  allowReenrollment: boolean;
}

export const MAX_CONDITIONS = 20;
export const MAX_STEP_ROWS = 20;

export const emptyStep = (type: string): StepRow => ({
  type,
  days: '',
  hours: '',
  at: '',
  window: '',
  approval: '',
  template: '',
  to: 'client',
  title: '',
  assignee: 'owner',
  stage: '',
  body: '',
});

export const EMPTY_EDITOR: EditorValues = {
  name: '',
  trigger: { type: '', days: '', status: '', stage: '', kind: '', sources: [] },
  conditions: [],
  steps: [],
  exits: { signed: false, writes: false, statuses: [] },
  allowReenrollment: false,
};

/** How many rows a post says it has (a hidden count), within bounds. */
function rowCount(form: Form, name: string, max: number): number {
  const n = Number(formText(form, name));
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : 0;
}

const STEP_INPUTS = ['days', 'hours', 'at', 'template', 'to', 'title', 'assignee', 'stage', 'body'] as const;

export function editorValuesPosted(form: Form): EditorValues {
  const conditions = Array.from({ length: rowCount(form, 'conditions', MAX_CONDITIONS) }, (_, i) => ({
    field: formText(form, `condition_${i}_field`),
    op: formText(form, `condition_${i}_op`),
    value: formList(form, `condition_${i}_value`),
  }));
  const steps = Array.from({ length: rowCount(form, 'steps', MAX_STEP_ROWS) }, (_, i) => {
    const step = emptyStep(formText(form, `step_${i}_type`));
    for (const input of STEP_INPUTS) step[input] = formText(form, `step_${i}_${input}`);
    step.window = formText(form, `step_${i}_window`) === 'yes' ? 'yes' : '';
    step.approval = formText(form, `step_${i}_approval`) === 'yes' ? 'yes' : '';
    return step;
  });
  return {
    name: formText(form, 'name'),
    trigger: {
      type: formText(form, 'trigger_type'),
      days: formText(form, 'trigger_days'),
      status: formText(form, 'trigger_status'),
      stage: formText(form, 'trigger_stage'),
      kind: formText(form, 'trigger_kind'),
      sources: formList(form, 'trigger_sources'),
    },
    conditions,
    steps,
    exits: {
      signed: formText(form, 'exit_signed') === 'yes',
      writes: formText(form, 'exit_writes') === 'yes',
      statuses: formList(form, 'exit_statuses'),
    },
    allowReenrollment: formText(form, 'allow_reenrollment') === 'yes',
  };
}

/**
 * What a row button asks (`do`): the values with a condition or a step added, removed or moved
 * up, to draw again; undefined when the post is to save.
 */
export function rowsChanged(form: Form, values: EditorValues): EditorValues | undefined {
  const [action, at] = formText(form, 'do').split(':');
  const index = Number(at);
  const without = <T>(rows: T[]) => rows.filter((_, i) => i !== index);
  switch (action) {
    case 'add_condition': {
      const field = formText(form, 'new_condition_field');
      if (field === '' || values.conditions.length >= MAX_CONDITIONS) return values;
      return { ...values, conditions: [...values.conditions, { field, op: 'eq', value: [] }] };
    }
    case 'remove_condition':
      return { ...values, conditions: without(values.conditions) };
    case 'add_step': {
      const type = formText(form, 'new_step_type');
      if (type === '' || values.steps.length >= MAX_STEP_ROWS) return values;
      return { ...values, steps: [...values.steps, emptyStep(type)] };
    }
    case 'remove_step':
      return { ...values, steps: without(values.steps) };
    case 'step_up': {
      const steps = [...values.steps];
      if (index > 0 && index < steps.length)
        [steps[index - 1], steps[index]] = [steps[index]!, steps[index - 1]!];
      return { ...values, steps };
    }
    case 'refresh':
      return values;
    default:
      return undefined;
  }
}
