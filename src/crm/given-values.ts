/**
 * What a write gives of a kind's fields that no rule of the kind's judges by name: each writable
 * stored attribute the input names (by its API name) made the value's, as its declaration says —
 * text trimmed (nullable text stores nothing rather than ''), within its limits, one line unless
 * long text — else, on an update, the current value's. A kind's rules take these for the fields
 * they do not name, so a field declared with no rule of its own is written at every door.
 */
import { optionalText, type Problems } from './validation.js';
import { decodeValue } from './data/field-codec.js';
import { camelName, type Field, type Fields } from './data/fields.js';

/** The declaration of a field and its name in a value, for the doors that render from the fields. */
export { camelName, type Field, type Fields };

const TEXT = new Set(['text', 'long_text', 'email', 'url', 'phone', 'enum', 'id', 'select']);
const NUMBER = new Set(['integer', 'money', 'number']);

/** An update's current row when only the values given are wanted (givenChanges). */
const NOT_GIVEN: Readonly<Record<string, unknown>> = Object.freeze({});

/** plainFields' answers by the kind's fields and the names ruled: each row of an import asks again. */
const PLAIN = new WeakMap<Fields, Map<string, readonly Field[]>>();

/** The fields a write may give as attributes (not relationships), which no rule names in `ruled`. */
export function plainFields(fields: Fields, ruled: Iterable<string> = []): readonly Field[] {
  const named = new Set(ruled);
  const key = [...named].sort().join(' ');
  let answers = PLAIN.get(fields);
  if (!answers) PLAIN.set(fields, (answers = new Map()));
  let plain = answers.get(key);
  if (!plain) {
    plain = Object.freeze(
      Object.values(fields).filter(
        (f) =>
          f.stored && f.writable && !f.relationship && !named.has(f.name) && !named.has(camelName(f.name)),
      ),
    );
    if (answers.size < 100) answers.set(key, plain);
  }
  return plain;
}

/** One field's given value, judged by its declaration; problems at its attribute. */
function judged(f: Field, given: unknown, problems: Problems): unknown {
  const limits = f.limits ?? {};
  if (given === null) {
    if (!f.nullable) problems.attribute(f.name, `${f.label} may not be empty.`, 'blank');
    return null;
  }
  if (TEXT.has(f.type)) {
    const text = f.nullable ? optionalText(String(given)) : String(given).trim();
    problems.text(f.name, text, f.type === 'long_text' ? 'lines' : 'line');
    const length = text === null ? 0 : [...text].length;
    if (limits.maxLength !== undefined && length > limits.maxLength) {
      problems.attribute(f.name, `${f.label} is at most ${limits.maxLength} characters long.`, 'too_long');
    } else if (limits.minLength !== undefined && length < limits.minLength) {
      problems.attribute(f.name, `${f.label} is at least ${limits.minLength} characters long.`, 'blank');
    }
    if (f.values && text !== null && !f.values.includes(text)) {
      problems.attribute(f.name, `"${text}" is not one of ${f.values.join(', ')}.`);
    }
    return text;
  }
  if (NUMBER.has(f.type)) {
    const number = Number(given);
    const whole = f.type !== 'number';
    if (
      !Number.isFinite(number) ||
      (whole && !Number.isInteger(number)) ||
      (limits.minimum !== undefined && number < limits.minimum) ||
      (limits.maximum !== undefined && number > limits.maximum)
    ) {
      const range = `from ${limits.minimum ?? '−∞'} to ${limits.maximum ?? '∞'}`;
      problems.attribute(f.name, `${f.label} is a ${whole ? 'whole ' : ''}number ${range}.`);
    }
    return number;
  }
  return f.type === 'boolean' ? Boolean(given) : given;
}

/**
 * The values after a write of the fields `plainFields` gives, by camelCase name: what `input`
 * gives by each one's name, else the `current` row's column (decoded); on a create, null where a
 * field may be, else left to the column's default.
 */
export function givenValues(
  fields: readonly Field[],
  input: object,
  current: Readonly<Record<string, unknown>> | undefined,
  problems: Problems,
): Record<string, unknown> {
  const given = input as Readonly<Record<string, unknown>>;
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    const key = camelName(f.name);
    if (given[f.name] !== undefined) values[key] = judged(f, given[f.name], problems);
    else if (current === NOT_GIVEN) continue;
    else if (current) values[key] = decodeValue(f.type, current[f.name]);
    else if (f.nullable) values[key] = null;
  }
  return values;
}

/**
 * The changes a write makes of the fields `plainFields` gives, by camelCase name: what `input`
 * gives by each one's name, judged; on a create, null where a field may be and none is given.
 * What an update does not give is not changed.
 */
export function givenChanges(
  fields: readonly Field[],
  input: object,
  creating: boolean,
  problems: Problems,
): Record<string, unknown> {
  return givenValues(fields, input, creating ? undefined : NOT_GIVEN, problems);
}
