/**
 * The editor's condition rows read into an automation's conditions (SPEC §18, §19) and back: each
 * row's operator among those its field's type takes, its value as its kind reads (a whole guest
 * count, a decimal, an amount in the organization's currency, a date, an option of a select) —
 * every row's problem beside its own control, all at once.
 */
import type { Condition } from '../../../crm/automations/index.js';
import { majorText, readAmount } from '../../../crm/money.js';
import { decimalPoint } from '../../forms.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { conditionField, type ConditionField, type EditorChoices, type Op } from './editor-choices.js';
import type { ConditionRow } from './editor-values.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One typed value as the condition holds it, or why it cannot be. */
function readOne(
  field: ConditionField,
  typed: string,
  currency: string,
): { value: unknown } | { error: string } {
  const text = typed.trim();
  switch (field.kind) {
    case 'whole':
      return /^\d{1,7}$/.test(text) ? { value: Number(text) } : { error: 'Give a whole number, such as 50.' };
    case 'number': {
      const n = Number(decimalPoint(text));
      return text !== '' && Number.isFinite(n)
        ? { value: n }
        : { error: 'Give a number, such as 1250 or 3.5.' };
    }
    case 'money': {
      const read = readAmount(text, currency);
      return read.problem === undefined ? { value: read.minor } : { error: read.problem };
    }
    case 'date':
      return DATE.test(text) ? { value: text } : { error: 'Give a date, such as 2027-06-30.' };
    case 'choice':
      if (field.fieldType === 'boolean') return { value: text === 'true' };
      return field.choices.some((c) => c.value === text)
        ? { value: text }
        : { error: 'Choose one of the values listed.' };
    default:
      return text === '' ? { error: 'Give the value to compare with.' } : { value: text };
  }
}

/** A row's values: the ticks of a choice, or a typed list split at commas for "is one of". */
function typedValues(field: ConditionField, row: ConditionRow): string[] {
  if (field.kind === 'choice') return row.value.filter((v) => v !== '');
  const typed = row.value[0] ?? '';
  return row.op === 'in' && field.kind !== 'money'
    ? typed
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
    : [typed].filter((v) => v.trim() !== '');
}

/** The rows as conditions, and every row's problem by its control. */
export function readConditionRows(
  rows: readonly ConditionRow[],
  choices: EditorChoices,
): { conditions: Condition[]; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const conditions = rows.flatMap((row, i): Condition[] => {
    const field = conditionField(choices, row.field);
    if (!field) {
      errors[`condition_${i}_field`] = 'This field is no longer there: remove the condition.';
      return [];
    }
    const op = row.op as Op;
    if (!field.ops.includes(op)) {
      errors[`condition_${i}_op`] = `Choose how ${field.label} compares: one of the ways listed.`;
      return [];
    }
    const typed = typedValues(field, row);
    const at = `condition_${i}_value`;
    if (typed.length === 0) {
      errors[at] =
        field.kind === 'choice' ? 'Tick the value to compare with.' : 'Give the value to compare with.';
      return [];
    }
    if (op !== 'in' && typed.length > 1) {
      errors[at] = 'Tick one value, or choose “is one of” to tick several.';
      return [];
    }
    const read = typed.map((t) => readOne(field, t, choices.currency));
    const problem = read.find((r): r is { error: string } => 'error' in r);
    if (problem) {
      errors[at] = problem.error;
      return [];
    }
    const values = read.map((r) => (r as { value: unknown }).value);
    return [{ field: field.value, op, value: op === 'in' ? values : values[0] }];
  });
  return { conditions, errors };
}

/** A condition as its row shows it. */
export function conditionRowOf(condition: Condition, choices: EditorChoices): ConditionRow {
  const field = conditionField(choices, condition.field);
  const shown = (v: unknown): string =>
    field?.kind === 'money' && typeof v === 'number' ? majorText(v, choices.currency) : String(v);
  const values = Array.isArray(condition.value) ? condition.value.map(shown) : [shown(condition.value)];
  const typedOne = field !== undefined && field.kind !== 'choice';
  return { field: condition.field, op: condition.op, value: typedOne ? [values.join(', ')] : values };
}
