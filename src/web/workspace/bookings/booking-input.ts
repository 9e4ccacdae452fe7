/** A booking form's fields read into the service's input; what cannot be read is a field error. */
import {
  type BookingInput,
  type BookingRow,
  type BookingWithParties,
  shownTotal,
} from '../../../crm/bookings/index.js';
import { isTimeZone } from '../../../crm/validation.js';
import { type Form, formList, formText } from '../../forms.js';
import { majorText, readAmount } from '../../../crm/money.js';
import { spaceIdsOf } from './booking-badges.js';
import { type BookingFormValues, DECLARED, NEW_PARTY_FIELDS } from './booking-form.page.js';
import { declaredInput, declaredPosted, declaredTexts } from './booking-fields.view.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { localDateTime, zonedToUtc } from '../time-zones.js';

/** The fields whose values a booking's events give it once it has several (read-only then). */
const FROM_EVENTS = ['start_at', 'end_at', 'guest_count', 'spaces'] as const;

/**
 * The form's values; a field the form does not carry because its events give it (`current`: the
 * booking as saved, when it has several) reads as saved, so the edit leaves it as it is.
 */
export function formValues(form: Form, current?: BookingFormValues): BookingFormValues {
  const values = typedValues(form);
  if (!current || FROM_EVENTS.some((field) => field in form)) return values;
  const { start, end, guest_count, spaces } = current;
  return { ...values, start, end, guest_count, spaces };
}

function typedValues(form: Form): BookingFormValues {
  return {
    name: formText(form, 'name'),
    status: formText(form, 'status'),
    account: formText(form, 'account'),
    contact: formText(form, 'contact'),
    start: formText(form, 'start_at'),
    end: formText(form, 'end_at'),
    timezone: formText(form, 'timezone'),
    spaces: formList(form, 'spaces'),
    guest_count: formText(form, 'guest_count'),
    setup_style: formText(form, 'setup_style'),
    event_type: formText(form, 'event_type'),
    currency: postedCurrency(form),
    total: formText(form, 'total_amount'),
    owner: formText(form, 'owner'),
    stage_id: formText(form, 'stage_id'),
    referral_source_id: formText(form, 'referral_source_id'),
    ...Object.fromEntries(NEW_PARTY_FIELDS.map((field) => [field, formText(form, field)])),
    declared: declaredPosted(DECLARED, form),
  };
}

/** A new booking with the account and contact typed in for it, when any was. */
export function partiesInput(
  values: BookingFormValues,
  booking: BookingInput,
  /** The custom values typed for the new account and the new contact (custom-fields.form.ts). */
  custom: {
    account?: Record<string, unknown> | undefined;
    contact?: Record<string, unknown> | undefined;
  } = {},
): BookingWithParties {
  const text = (field: (typeof NEW_PARTY_FIELDS)[number]) => values[field]?.trim() ?? '';
  const accountName = text('new_account_name');
  const contact = {
    first_name: text('new_contact_first_name'),
    last_name: text('new_contact_last_name'),
    email: text('new_contact_email') || null,
    phone: text('new_contact_phone') || null,
    custom_fields: custom.contact,
  };
  const anyContact = Boolean(contact.first_name || contact.last_name || contact.email || contact.phone);
  return {
    booking,
    ...(accountName ? { newAccount: { name: accountName, custom_fields: custom.account } } : {}),
    ...(anyContact ? { newContact: contact, personAccountCustom: custom.account } : {}),
  };
}

export function valuesOf(b: BookingRow): BookingFormValues {
  const total = shownTotal(b);
  return {
    name: b.name,
    status: b.status,
    account: b.account_id ?? '',
    contact: b.contact_id ?? '',
    start: localDateTime(Date.parse(b.start_at), b.timezone),
    end: localDateTime(Date.parse(b.end_at), b.timezone),
    timezone: b.timezone,
    spaces: spaceIdsOf(b),
    guest_count: b.guest_count === null ? '' : String(b.guest_count),
    event_type: b.event_type ?? '',
    currency: b.currency,
    total: total === 0 ? '' : majorText(total, b.currency),
    owner: b.owner_id ?? '',
    stage_id: b.stage_id ?? '',
    referral_source_id: b.referral_source_id ?? '',
    declared: declaredTexts(DECLARED, b),
  };
}

const sameInstant = (a: string | undefined, b: string) => a !== undefined && Date.parse(a) === Date.parse(b);
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * An edit's input without the times, guests and spaces it leaves as they are: what the booking's
 * events give it is only sent when the form changed it (and is refused then, with several events).
 */
export function changedOnly(input: BookingInput, current: BookingRow): BookingInput {
  const changed = { ...input };
  if (sameInstant(input.start_at, current.start_at)) changed.start_at = undefined;
  if (sameInstant(input.end_at, current.end_at)) changed.end_at = undefined;
  if (input.guest_count === current.guest_count) changed.guest_count = undefined;
  if (input.spaceIds && sameSet(input.spaceIds, spaceIdsOf(current))) changed.spaceIds = undefined;
  return changed;
}

/** The service input, or the errors of the fields that could not be read. */
export function bookingInput(
  values: BookingFormValues,
  creating: boolean,
): { input: BookingInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const zone = isTimeZone(values.timezone) ? values.timezone : 'UTC';
  const instant = (value: string, field: string, what: string) => {
    const ms = value.trim() === '' ? undefined : zonedToUtc(value, zone);
    if (ms === undefined) errors[field] = `Give the date and time it ${what}.`;
    return ms === undefined ? undefined : new Date(ms).toISOString();
  };
  const start = instant(values.start, 'start_at', 'starts');
  const end = instant(values.end, 'end_at', 'ends');
  let guests: number | null = null;
  if (values.guest_count.trim() !== '') {
    guests = /^\d{1,7}$/.test(values.guest_count.trim()) ? Number(values.guest_count.trim()) : NaN;
    if (Number.isNaN(guests)) errors.guest_count = 'Guests is a whole number, 0 or more.';
  }
  let total = 0;
  if (values.total.trim() !== '') {
    const read = readAmount(values.total, /^[A-Z]{3}$/.test(values.currency) ? values.currency : 'USD');
    if (read.problem !== undefined) errors.total_amount = read.problem;
    else total = read.minor;
  }
  const input: BookingInput = {
    name: values.name,
    start_at: start,
    end_at: end,
    timezone: values.timezone,
    guest_count: Number.isNaN(guests) ? undefined : guests,
    event_type: values.event_type,
    currency: values.currency,
    total_amount: errors.total_amount === undefined ? total : undefined,
    accountId: values.account || undefined,
    contactId: values.contact || null,
    ownerId: values.owner || null,
    spaceIds: values.spaces,
    // A new booking left at "the first stage" goes there; an edit left blank is in no stage.
    stage_id: values.stage_id || (creating ? undefined : null),
    referral_source_id: values.referral_source_id || null,
    ...(creating ? { status: values.status, setup_style: values.setup_style || null } : {}),
    ...declaredInput(DECLARED, values.declared ?? {}, errors),
  };
  return { input, errors };
}

/** The currency a booking's form names, in which its amounts (and money custom fields) are read. */
export const postedCurrency = (form: Form): string => formText(form, 'currency').trim().toUpperCase();
