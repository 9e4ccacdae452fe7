/** The form that creates or edits a booking; each error beside its field, a double booking named and linked. */
import type { Member } from '../../../identity/membership.repository.js';
import type { Account } from '../../../crm/accounts/index.js';
import { type Contact, contactName } from '../../../crm/contacts/index.js';
import { type Space, SPACE_ACTIONS } from '../../../crm/spaces/index.js';
import { html, type SafeHtml } from '../../html.js';
import {
  checkboxesField,
  csrfField,
  errorSummary,
  type FieldErrors,
  type Choice,
  inputField,
  selectField,
} from '../forms/form-fields.js';
import { setupStyleField, spaceLabel, zoneChoices } from './booking-form-style.js';
import { workspacePage } from '../workspace-layout.js';
import { type FromEvents, fromEventsFacts } from './booking-from-events.view.js';
import { bookingStaleNotice } from './booking-form-stale.js';
import { mayTake, orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { type CustomForm, type CustomTyped, customLabels } from '../forms/custom-fields.form.js';
import { customInputs } from '../forms/custom-fields.view.js';
import { declaredInputs, declaredLabels, declaredOnForm } from './booking-fields.view.js';

export interface BookingFormValues {
  name: string;
  status: string;
  account: string;
  contact: string;
  start: string;
  end: string;
  timezone: string;
  spaces: string[];
  guest_count: string;
  /** A new booking's setup style (its first event's); blank: not set. */
  setup_style?: string;
  event_type: string;
  currency: string;
  total: string;
  owner: string;
  /** Its stage and referral source (blank: a new booking's first stage; none on an edit). */
  stage_id?: string;
  referral_source_id?: string;
  /** A new booking's account and contact made with it, instead of chosen (blank: none). */
  new_account_name?: string;
  new_contact_first_name?: string;
  new_contact_last_name?: string;
  new_contact_email?: string;
  new_contact_phone?: string;
  /** Its custom fields' values as typed (custom-fields.form.ts); absent on a new form: none. */
  custom?: CustomTyped;
  /** The new account's and new contact's custom values as typed. */
  new_account_custom?: CustomTyped;
  new_contact_custom?: CustomTyped;
  /** Its fields on the form as declared (booking-fields.view.ts), as typed. */
  declared?: Record<string, string>;
}

export interface BookingFormView {
  /** Present when editing. */
  booking?: { id: string; reference: string; name: string; version: string };
  values: BookingFormValues;
  errors: FieldErrors;
  conflict?: SafeHtml | undefined;
  /** The booking as saved now, when the save came after someone else's (stale.view.ts). */
  saved?: BookingFormValues | undefined;
  accounts: Array<Pick<Account, 'id' | 'name'>>;
  contacts: Contact[];
  spaces: Space[];
  members: Member[];
  /** The stages to choose from, in pipeline order, and the referral sources. */
  stages: readonly Choice[];
  referralSources: readonly Choice[];
  /** A booking with several events: what they give it, shown read-only, and where they change. */
  fromEvents?: FromEvents | undefined;
  /** The organization's custom fields of bookings, with the values typed. */
  custom: CustomForm;
  /** A new booking's: the custom fields of a new account and of a new contact, typed. */
  parties?: { account: CustomForm; contact: CustomForm } | undefined;
}

/** The labels of the new account's and new contact's custom fields' errors. */
const partyLabels = (parties: BookingFormView['parties']) =>
  parties
    ? {
        ...customLabels(parties.account.fields, parties.account.prefix),
        ...customLabels(parties.contact.fields, parties.contact.prefix),
      }
    : {};

/** The fields of a new account and contact made with a new booking. */
export const NEW_PARTY_FIELDS = [
  'new_account_name',
  'new_contact_first_name',
  'new_contact_last_name',
  'new_contact_email',
  'new_contact_phone',
] as const;

export const BOOKING_LABELS: Record<string, string> = {
  name: 'Event name',
  status: 'Status',
  account: 'Account',
  contact: 'Contact',
  start_at: 'Starts',
  end_at: 'Ends',
  timezone: 'Time zone',
  spaces: 'Spaces',
  guest_count: 'Guests',
  setup_style: 'Setup style',
  event_type: 'Event type',
  currency: 'Currency',
  total_amount: 'Total',
  owner: 'Owner',
  stage_id: 'Stage',
  referral_source_id: 'Referral source',
};

/** Its fields on the form as they are declared, which it does not lay out its own way. */
export const DECLARED = declaredOnForm(Object.keys(BOOKING_LABELS));

/** Start and end, typed: a booking with one event or none. */
function whenFields(values: BookingFormValues, errors: FieldErrors): SafeHtml {
  return html`<div class="pair">
      ${inputField({ name: 'start_at', label: BOOKING_LABELS.start_at!, value: values.start, errors, type: 'datetime-local', required: true })}
      ${inputField({ name: 'end_at', label: BOOKING_LABELS.end_at!, value: values.end, errors, type: 'datetime-local', required: true })}
    </div>`;
}

/** Spaces and guests, chosen: a booking with one event or none (a new one's setup style too). */
function whereFields(v: WorkspaceVisitor, view: BookingFormView): SafeHtml {
  const { values, errors, booking } = view;
  return html`${checkboxesField({
    name: 'spaces',
    legend: 'Spaces',
    values: values.spaces,
    errors,
    choices: view.spaces.map((s) => ({ value: s.id, label: spaceLabel(s, values.setup_style ?? '') })),
    empty: mayTake(v, SPACE_ACTIONS.create)
      ? html`<p class="hint">No spaces yet. <a href="${orgPath(v, '/settings/spaces')}">Add your spaces</a>.</p>`
      : html`<p class="hint">No spaces yet; an administrator adds them.</p>`,
  })}
    <div class="pair">
      ${inputField({ name: 'guest_count', label: BOOKING_LABELS.guest_count!, value: values.guest_count, errors, type: 'number', attributes: html`min="0" step="1" inputmode="numeric"` })}
      ${booking ? '' : setupStyleField(view)}
    </div>`;
}

export function bookingFormPage(v: WorkspaceVisitor, view: BookingFormView): string {
  const { values, errors, booking } = view;
  const accountNames = new Map(view.accounts.map((a) => [a.id, a.name]));
  const action = booking ? orgPath(v, `/bookings/${booking.id}`) : orgPath(v, '/bookings');
  const title = booking ? `Edit ${booking.reference}` : 'New booking';
  const newParties = booking
    ? ''
    : html`<details class="new-parties" ${NEW_PARTY_FIELDS.some((f) => values[f] || errors[f]) || Object.keys(errors).some((f) => f.startsWith('new_')) ? 'open' : ''}>
        <summary>A new account or contact</summary>
        <p class="hint">Instead of choosing one above: the account (a company, or the couple's names) and the contact are made with the booking. A contact with no account gets one in their own name.</p>
        ${inputField({ name: 'new_account_name', label: 'New account', value: values.new_account_name ?? '', errors, attributes: html`maxlength="200"` })}
        ${customInputs(view.parties?.account, errors, 'The new account’s details')}
        <div class="pair">
          ${inputField({ name: 'new_contact_first_name', label: 'New contact’s first name', value: values.new_contact_first_name ?? '', errors, attributes: html`autocomplete="off"` })}
          ${inputField({ name: 'new_contact_last_name', label: 'Last name', value: values.new_contact_last_name ?? '', errors, attributes: html`autocomplete="off"` })}
        </div>
        <div class="pair">
          ${inputField({ name: 'new_contact_email', label: 'E-mail', value: values.new_contact_email ?? '', errors, type: 'email', attributes: html`autocomplete="off"` })}
          ${inputField({ name: 'new_contact_phone', label: 'Phone', value: values.new_contact_phone ?? '', errors, type: 'tel', attributes: html`autocomplete="off"` })}
        </div>
        ${customInputs(view.parties?.contact, errors, 'The new contact’s details')}
      </details>`;
  const noAccounts = view.accounts.length === 0;
  const form = html`<form method="post" action="${action}" novalidate class="record-form">
    ${csrfField(v.csrfToken)}
    ${booking ? html`<input type="hidden" name="version" value="${booking.version}" />` : ''}
    <fieldset class="group"><legend>The event</legend>
      ${inputField({ name: 'name', label: BOOKING_LABELS.name!, value: values.name, errors, required: true, attributes: html`maxlength="200"` })}
      ${inputField({ name: 'event_type', label: BOOKING_LABELS.event_type!, value: values.event_type, errors, hint: 'Wedding, conference, summer party…' })}${declaredInputs(DECLARED, values.declared, errors)}
      ${
        booking
          ? ''
          : selectField({
              name: 'status',
              label: 'Status',
              value: values.status,
              errors,
              required: true,
              choices: [
                { value: 'lead', label: 'Lead: an enquiry' },
                { value: 'tentative', label: 'Tentative: the space is held as an option' },
                { value: 'definite', label: 'Definite: confirmed, the space is taken' },
              ],
            })
      }
    </fieldset>
    <fieldset class="group"><legend>Who it is for</legend>
      ${selectField({ name: 'account', label: BOOKING_LABELS.account!, value: values.account, errors, required: true, hint: booking ? undefined : 'A booking needs an account: choose one, or name a new one or a new contact below.', empty: 'Choose an account', choices: view.accounts.map((a) => ({ value: a.id, label: a.name })) })}
      ${noAccounts && booking ? html`<p class="hint">There are no accounts yet. <a href="${orgPath(v, '/accounts/new')}">Add an account</a> first.</p>` : ''}
      ${selectField({ name: 'contact', label: BOOKING_LABELS.contact!, value: values.contact, errors, empty: 'No contact', choices: view.contacts.map((c) => ({ value: c.id, label: c.accountId ? `${contactName(c)} (${accountNames.get(c.accountId) ?? ''})` : contactName(c) })) })}
      ${newParties}
      ${selectField({ name: 'owner', label: BOOKING_LABELS.owner!, value: values.owner, errors, empty: 'Nobody', choices: view.members.map((m) => ({ value: m.userId, label: m.name || m.email })) })}
    </fieldset>
    <fieldset class="group"><legend>Pipeline</legend>
      <div class="pair">
        ${selectField({ name: 'stage_id', label: BOOKING_LABELS.stage_id!, value: values.stage_id ?? '', errors, empty: booking ? 'In no stage' : 'The first stage', choices: view.stages })}
        ${selectField({ name: 'referral_source_id', label: BOOKING_LABELS.referral_source_id!, value: values.referral_source_id ?? '', errors, empty: 'Not known', choices: view.referralSources })}
      </div>
    </fieldset>
    <fieldset class="group"><legend>When and where</legend>
      ${view.fromEvents ? fromEventsFacts(view.fromEvents, errors) : whenFields(values, errors)}
      ${selectField({ name: 'timezone', label: BOOKING_LABELS.timezone!, value: values.timezone, errors, required: true, hint: view.fromEvents ? 'Its events’ times are read in this time zone.' : 'Start and end are read in this time zone.', choices: zoneChoices(values.timezone) })}
      ${view.fromEvents ? '' : whereFields(v, view)}
    </fieldset>
    <fieldset class="group"><legend>Money</legend>
      <div class="pair">
        ${inputField({ name: 'total_amount', label: BOOKING_LABELS.total_amount!, value: values.total, errors, hint: 'For example 4500 or 4500.50', attributes: html`inputmode="decimal"` })}
        ${inputField({ name: 'currency', label: BOOKING_LABELS.currency!, value: values.currency, errors, required: true, hint: 'Three letters, such as EUR', attributes: html`maxlength="3" autocapitalize="characters"` })}
      </div>
    </fieldset>
    ${customInputs(view.custom, errors)}
    <div class="actions">
      <button type="submit">${booking ? 'Save changes' : 'Create booking'}</button>
      <a class="button secondary" href="${booking ? orgPath(v, `/bookings/${booking.id}`) : orgPath(v, '/bookings')}">Cancel</a>
    </div>
  </form>`;
  const remove = booking
    ? html`<section class="danger-zone" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete this booking</h2>
        <p>Deleting ${booking.reference} also deletes its notes. This cannot be undone.</p>
        <p><a class="button danger" href="${orgPath(v, `/bookings/${booking.id}/delete`)}">Delete ${booking.reference}…</a></p>
      </section>`
    : '';
  const body = html`<p class="crumbs"><a href="${orgPath(v, '/bookings')}">Bookings</a>${booking ? html` › <a href="${orgPath(v, `/bookings/${booking.id}`)}">${booking.reference}</a>` : ''}</p>
    <h1>${booking ? html`Edit ${booking.reference} ${booking.name}` : 'New booking'}</h1>
    ${view.saved ? bookingStaleNotice(view, view.saved) : ''}
    ${errorSummary(errors, { ...BOOKING_LABELS, ...declaredLabels(DECLARED), ...customLabels(view.custom.fields), ...partyLabels(view.parties) }, view.conflict)}
    ${form}${remove}`;
  return workspacePage(v, { title, section: 'bookings', body });
}
