/**
 * The New automation form of Settings → Automations (SPEC §18): its trigger, conditions, steps and
 * exits typed as the JSON the API takes, read here only as far as JSON goes (text that is not JSON
 * is the form's own error); the automation's rules judge the rest. A rule's problem deep inside a
 * part (`steps/0/days`) is shown beside that part's field, saying where: "Step 1, days: …".
 */
import type { FieldProblem } from '../../../errors.js';
import { type Form, formText } from '../../forms.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { workspaceWords } from '../forms/problem-words.js';

export interface NewAutomationValues {
  name: string;
  trigger: string;
  conditions: string;
  steps: string;
  exit_on: string;
  /** 'yes' when ticked. */
  allow_reenrollment: string;
}

export const NEW_AUTOMATION_LABELS: Record<keyof NewAutomationValues, string> = {
  name: 'Name',
  trigger: 'When (trigger)',
  conditions: 'Only if (conditions)',
  steps: 'Steps',
  exit_on: 'Stop when (exit_on)',
  allow_reenrollment: 'May start again for a booking',
};

/** What each JSON field shows as an example, beside it. */
export const NEW_AUTOMATION_EXAMPLES: Record<'trigger' | 'conditions' | 'steps' | 'exit_on', string> = {
  trigger: '{"type": "document.sent", "kind": "proposal"}',
  conditions: '[{"field": "guest_count", "op": "gteq", "value": 50}]',
  steps:
    '[{"type": "wait", "days": 3, "at": "09:00", "in_sending_window": true}, {"type": "add_note", "body": "Followed up"}]',
  exit_on: '[{"type": "document.signed"}, {"type": "status", "value": ["lost"]}]',
};

export const EMPTY_AUTOMATION: NewAutomationValues = {
  name: '',
  trigger: '',
  conditions: '',
  steps: '',
  exit_on: '',
  allow_reenrollment: '',
};

export function automationValuesPosted(form: Form): NewAutomationValues {
  return {
    name: formText(form, 'name'),
    trigger: formText(form, 'trigger'),
    conditions: formText(form, 'conditions'),
    steps: formText(form, 'steps'),
    exit_on: formText(form, 'exit_on'),
    allow_reenrollment: formText(form, 'allow_reenrollment') === 'yes' ? 'yes' : '',
  };
}

/** The form's values as the automation's input; the fields whose text is not JSON. */
export function automationInputOf(values: NewAutomationValues) {
  const unread: FieldErrors = {};
  const json = (field: 'trigger' | 'conditions' | 'steps' | 'exit_on', empty: unknown): unknown => {
    const text = values[field].trim();
    if (text === '') return empty;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      unread[field] =
        `This is not JSON: write it as the example shows, such as ${NEW_AUTOMATION_EXAMPLES[field]}`;
      return undefined;
    }
  };
  const input = {
    name: values.name,
    trigger: json('trigger', undefined),
    conditions: json('conditions', []),
    steps: json('steps', undefined),
    exitOn: json('exit_on', []),
    allowReenrollment: values.allow_reenrollment === 'yes',
  };
  return { input, unread };
}

const PARTS: Record<string, string> = { steps: 'Step', conditions: 'Condition', exit_on: 'Exit' };

/** Where inside its field a problem is: "Step 1, days", "Condition 2", "type". */
function placeOf(path: readonly string[]): string {
  const [field, index, ...rest] = path;
  const part = PARTS[field ?? ''];
  if (part && index !== undefined && /^\d+$/.test(index))
    return [`${part} ${Number(index) + 1}`, ...rest].join(', ');
  return [index, ...rest].filter((s) => s !== undefined).join(', ');
}

/** The rules' problems by the form's fields, each field's in one sentence, each saying where. */
export function automationFormErrors(problems: readonly FieldProblem[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) {
    const path = (problem.field ?? '').split('/');
    const field = path[0] ?? '';
    if (!(field in NEW_AUTOMATION_LABELS)) continue;
    const place = placeOf(path);
    const said = `${place === '' ? '' : `${place}: `}${workspaceWords(problem)}`;
    errors[field] = errors[field] === undefined ? said : `${errors[field]} ${said}`;
  }
  return errors;
}
