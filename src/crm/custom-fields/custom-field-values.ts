/**
 * A custom field's value by its type (SPEC §19): what a write may give, what is kept (and
 * returned), and what a kept value becomes when its field changes type. Kept in the record's
 * `custom_fields` JSON: texts, dates, selects as strings; a number as a JSON number (the API
 * shows it as its canonical decimal string); money as whole minor units; booleans; a
 * multi_select as an array of its values.
 */
import type { CustomFieldType } from './custom-field.table.js';

export type StoredValue = string | number | boolean | string[];

/** An option of a select, as kept in its definition. */
export interface FieldOption {
  value: string;
  label: string;
  archived: boolean;
}

/** What a value is judged against: its type and, for selects, its options. */
export interface ValueRule {
  field_type: CustomFieldType;
  options: readonly FieldOption[];
}

/** A value to keep, or why it cannot be. */
export type Judged = { value: StoredValue } | { problem: string };

const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;
/** Digits a number keeps exactly as a JSON number, read anywhere (a double holds 15). */
const MOST_DIGITS = 15;
const MOST_DECIMALS = 6;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ().\-/]{3,30}$/;
const LINE_BREAK = /[\r\n]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * `1250`, `-3.5`, `007.50` as the number kept (1250, -3.5, 7.5: a JSON number, whose text is the
 * canonical decimal the API returns); undefined unless a decimal in the C locale of at most 15
 * digits, 6 of them after the point.
 */
export function decimalNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  const [whole = '', fraction = ''] = trimmed.replace('-', '').split('.');
  const digits = whole.replace(/^0+/, '') + fraction.replace(/0+$/, '');
  if (digits.length > MOST_DIGITS || fraction.replace(/0+$/, '').length > MOST_DECIMALS) return undefined;
  return Number(trimmed) + 0;
}

/** A kept number as the API shows it: a canonical decimal string. */
export const decimalText = (value: number): string => String(value);

function isDate(text: string): boolean {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function isUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function text(raw: unknown, most: number, lines: boolean): Judged {
  if (typeof raw !== 'string' || raw.trim() === '')
    return { problem: 'Give some text, or null to clear it.' };
  if (raw.length > most) return { problem: `At most ${most} characters.` };
  if (CONTROL.test(raw) || (!lines && LINE_BREAK.test(raw))) {
    return { problem: lines ? 'No control characters.' : 'One line of text, without control characters.' };
  }
  return { value: raw };
}

function option(rule: ValueRule, raw: unknown, current: StoredValue | undefined): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const found = rule.options.find((o) => o.value === raw);
  // An archived option stays on the records that hold it, and is written to no other.
  if (!found || (found.archived && !(current === raw || (Array.isArray(current) && current.includes(raw))))) {
    return undefined;
  }
  return found.value;
}

function choices(rule: ValueRule): string {
  const open = rule.options.filter((o) => !o.archived).map((o) => o.value);
  return open.length ? `One of ${open.join(', ')}.` : 'It has no options to choose from.';
}

/** A value a write gives (never null: null clears), judged by its field's type. */
export function judgeValue(rule: ValueRule, raw: unknown, current?: StoredValue): Judged {
  switch (rule.field_type) {
    case 'text':
      return text(raw, 1000, false);
    case 'long_text':
      return text(raw, 65_536, true);
    case 'number': {
      const written = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
      const decimal = typeof written === 'string' ? decimalNumber(written) : undefined;
      return decimal === undefined
        ? {
            problem:
              'A number of at most 15 digits (6 after the point): a JSON number or a decimal string such as "1250" or "-3.5".',
          }
        : { value: decimal };
    }
    case 'money':
      return typeof raw === 'number' && Number.isSafeInteger(raw)
        ? { value: raw }
        : { problem: 'An amount in minor units: a whole number.' };
    case 'date':
      return typeof raw === 'string' && isDate(raw) ? { value: raw } : { problem: 'A date, YYYY-MM-DD.' };
    case 'boolean':
      return typeof raw === 'boolean' ? { value: raw } : { problem: 'true or false.' };
    case 'select': {
      const value = option(rule, raw, current);
      return value === undefined ? { problem: choices(rule) } : { value };
    }
    case 'multi_select': {
      if (!Array.isArray(raw) || raw.length > 100) return { problem: `A list of values. ${choices(rule)}` };
      const values = raw.map((v) => option(rule, v, current));
      if (values.some((v) => v === undefined)) return { problem: `Each of its values: ${choices(rule)}` };
      return { value: [...new Set(values as string[])] };
    }
    case 'email':
      return typeof raw === 'string' && raw.length <= 254 && EMAIL.test(raw)
        ? { value: raw }
        : { problem: 'An e-mail address.' };
    case 'url':
      return typeof raw === 'string' && raw.length <= 2048 && isUrl(raw)
        ? { value: raw }
        : { problem: 'An http or https address.' };
    case 'phone':
      return typeof raw === 'string' && PHONE.test(raw) && (raw.match(/[0-9]/g)?.length ?? 0) >= 3
        ? { value: raw }
        : { problem: 'A phone number: digits, spaces, ( ) . - / and a leading +.' };
  }
}

/** A kept value as text (what any type converts to). */
export function asText(value: StoredValue): string {
  return Array.isArray(value) ? value.join('; ') : String(value);
}

/** What a kept value becomes under another type (or undefined when it cannot convert). */
export function convertValue(value: StoredValue, to: ValueRule): StoredValue | undefined {
  let given: unknown = value;
  if (to.field_type === 'text' || to.field_type === 'long_text') given = asText(value);
  else if (to.field_type === 'multi_select' && !Array.isArray(value)) given = [value];
  else if (to.field_type !== 'multi_select' && Array.isArray(value)) {
    if (value.length !== 1) return undefined;
    given = value[0];
  }
  if (to.field_type === 'boolean' && (given === 'true' || given === 'false')) given = given === 'true';
  if (to.field_type === 'money' && typeof given === 'string' && /^-?[0-9]{1,15}$/.test(given.trim())) {
    given = Number(given.trim());
  }
  const judged = judgeValue(to, given, value);
  return 'value' in judged ? judged.value : undefined;
}
