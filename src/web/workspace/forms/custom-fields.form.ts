/**
 * A venue's own fields (SPEC §19) on the staff forms of every kind that has them, read from the
 * organization's definitions, the same way for each kind: a record's values as the form shows
 * them, a post's values read back, and what the write gives the kind's command. The command judges
 * them by the rules the API uses (crm/custom-fields: judgeValues); only what a form cannot read (an
 * amount) is said here. Each input is named `custom_fields/<key>`, as the problems name its field.
 */
import { organizationOf } from '../../../crm/organization/index.js';
import {
  type CustomField,
  customFieldsOf,
  type CustomRecordType,
  storedValuesOf,
} from '../../../crm/custom-fields/index.js';
import { majorText, readAmount } from '../../../crm/money.js';
import type { Db } from '../../../db/database.js';
import { decimalPoint, type Form, formList, formText } from '../../forms.js';
import type { FieldErrors } from './form-fields.js';

/** A field's value as typed: text; a multi-select's values one a line; a checkbox's 'true' or 'false'. */
export type CustomTyped = Record<string, string>;

/** What a form shows of the organization's custom fields of its kind. */
export interface CustomForm {
  fields: readonly CustomField[];
  /** The currency money fields are typed in: the booking's for bookings and events (SPEC §19), else the venue's. */
  currency: string;
  typed: CustomTyped;
  /** What the inputs' names begin with (`custom_fields/`, as the problems' fields). */
  prefix?: string | undefined;
}

/** The form's name (and the problems' field) of a custom field. */
export const customName = (key: string, prefix = 'custom_fields/'): string => `${prefix}${key}`;

const CURRENCY = /^[A-Z]{3}$/;

/**
 * The organization's custom fields of a kind, with the currency their amounts are typed in:
 * `currency` when it is one (a booking's, or the one its form names), else the organization's.
 */
export async function customFormOf(
  db: Db,
  organizationId: string,
  recordType: CustomRecordType,
  currency?: string,
): Promise<Omit<CustomForm, 'typed'>> {
  const named = currency !== undefined && CURRENCY.test(currency) ? currency : undefined;
  const [{ fields }, organization] = await Promise.all([
    customFieldsOf(db, organizationId, recordType),
    named === undefined ? organizationOf(db, organizationId) : undefined,
  ]);
  return { fields, currency: named ?? organization?.currency ?? 'USD' };
}

/** A record's values (its `custom_fields` JSON) as the form shows them; '' when unset. */
export function typedOf(form: Omit<CustomForm, 'typed'>, column: string | undefined): CustomTyped {
  const kept: Record<string, unknown> = storedValuesOf(column);
  const typed: CustomTyped = {};
  for (const field of form.fields) {
    const value = kept[field.name];
    const type = field.custom.fieldType;
    if (type === 'boolean') typed[field.name] = value === true ? 'true' : 'false';
    else if (value === undefined || value === null) typed[field.name] = '';
    else if (type === 'money') typed[field.name] = majorText(value as number, form.currency);
    else if (Array.isArray(value)) typed[field.name] = value.join('\n');
    else typed[field.name] = String(value);
  }
  return typed;
}

/** A post's values of the fields a form has (those not archived). */
export function typedFromPost(fields: readonly CustomField[], post: Form, prefix?: string): CustomTyped {
  const typed: CustomTyped = {};
  for (const field of fields.filter((f) => !f.custom.archived)) {
    const name = customName(field.name, prefix);
    const type = field.custom.fieldType;
    if (type === 'multi_select') typed[field.name] = formList(post, name).filter(Boolean).join('\n');
    else if (type === 'boolean') typed[field.name] = formList(post, name).includes('true') ? 'true' : 'false';
    else typed[field.name] = formText(post, name);
  }
  return typed;
}

/** A value as typed, as the API's write would give it (or why the form cannot read it). */
function given(field: CustomField, typed: string, currency: string): { raw: unknown } | { error: string } {
  switch (field.custom.fieldType) {
    case 'boolean':
      return { raw: typed === 'true' };
    case 'multi_select':
      return { raw: typed.split('\n').filter(Boolean) };
    case 'number':
      return { raw: decimalPoint(typed.trim()) };
    case 'money': {
      const read = readAmount(typed, currency);
      return read.problem === undefined ? { raw: read.minor } : { error: read.problem };
    }
    case 'text':
    case 'long_text':
      return { raw: typed };
    default:
      return { raw: typed.trim() };
  }
}

/**
 * The values a post gives the kind's command (`custom_fields`: on a new record, those filled in;
 * on an edit, those changed from `currentColumn`, '' clearing one), and the errors of what cannot
 * be read. An unset field left empty is not named, so a field made required later does not stop
 * an edit of something else; a new record is judged for every required one.
 */
export function customGiven(
  form: CustomForm,
  currentColumn: string | undefined,
): { given: Record<string, unknown> | undefined; errors: FieldErrors } {
  const before = currentColumn === undefined ? undefined : typedOf(form, currentColumn);
  const values: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const field of form.fields.filter((f) => !f.custom.archived)) {
    const typed = form.typed[field.name] ?? '';
    if (before && typed === before[field.name]) continue;
    if (typed.trim() === '') {
      if (before) values[field.name] = null;
      continue;
    }
    const read = given(field, typed, form.currency);
    if ('error' in read) errors[customName(field.name, form.prefix)] = read.error;
    else values[field.name] = read.raw;
  }
  return { given: Object.keys(values).length > 0 ? values : undefined, errors };
}

/**
 * A post's custom fields, read: the form (to draw again when refused), the values its command is
 * given (`custom_fields`) and the errors of what could not be read. `currentColumn`: the record's.
 */
export async function customPosted(
  db: Db,
  organizationId: string,
  recordType: CustomRecordType,
  post: Form,
  currentColumn?: string,
  currency?: string,
): Promise<{ custom: CustomForm; given: Record<string, unknown> | undefined; errors: FieldErrors }> {
  const fields = await customFormOf(db, organizationId, recordType, currency);
  const custom = { ...fields, typed: typedFromPost(fields.fields, post) };
  return { custom, ...customGiven(custom, currentColumn) };
}

/** The labels of the fields' errors, for the summary at the top of a refused form. */
export const customLabels = (fields: readonly CustomField[], prefix?: string): Record<string, string> =>
  Object.fromEntries(fields.map((f) => [customName(f.name, prefix), f.label]));

/** The prefixes of the booking form's new account's and new contact's custom inputs. */
export const NEW_ACCOUNT_PREFIX = 'new_account_custom_fields/';
export const NEW_CONTACT_PREFIX = 'new_contact_custom_fields/';

/**
 * As customPosted, for a record a form makes beside its own (the booking form's new account or
 * contact): its inputs' names, and its problems' fields, begin with `prefix`.
 */
export async function partyPosted(
  db: Db,
  organizationId: string,
  recordType: CustomRecordType,
  post: Form | undefined,
  prefix: string,
): Promise<{ custom: CustomForm; given: Record<string, unknown> | undefined; errors: FieldErrors }> {
  const fields = await customFormOf(db, organizationId, recordType);
  const typed = post ? typedFromPost(fields.fields, post, prefix) : typedOf(fields, undefined);
  const custom = { ...fields, prefix, typed };
  return { custom, ...(post ? customGiven(custom, undefined) : { given: undefined, errors: {} }) };
}
