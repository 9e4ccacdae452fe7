/** The form of an event of a booking (SPEC §11): add one, or change one. */
import { countText } from '../../../locale.js';
import type { Space } from '../../../crm/spaces/index.js';
import { html, type SafeHtml } from '../../html.js';
import {
  checkboxesField,
  type Choice,
  csrfField,
  errorSummary,
  type FieldErrors,
  inputField,
  selectField,
} from '../forms/form-fields.js';
import { SETUP_STYLE_CHOICES } from '../forms/setup-styles.js';
import { staleNotice } from '../forms/stale.view.js';
import { workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { type CustomForm, type CustomTyped, customLabels } from '../forms/custom-fields.form.js';
import { customInputs } from '../forms/custom-fields.view.js';

export interface EventFormValues {
  name: string;
  start: string;
  end: string;
  /** Whole days: the days of `start` and `end`, their times left out. */
  all_day: boolean;
  setup_minutes: string;
  teardown_minutes: string;
  guest_count: string;
  guaranteed_count: string;
  setup_style: string;
  spaces: string[];
  /** The id of its event type, '' for none; undefined when a post did not give the field. */
  event_type?: string | undefined;
  /** Its custom fields' values as typed (custom-fields.form.ts); absent on a new form: none. */
  custom?: CustomTyped;
}

export interface EventFormView {
  booking: { id: string; reference: string; name: string; timezone: string; currency: string };
  /** Present when changing an event. */
  event?: { id: string; name: string; version: string };
  values: EventFormValues;
  errors: FieldErrors;
  /** The double booking the save was refused for. */
  conflict?: SafeHtml | undefined;
  /** The event as saved now, when the save came after someone else's (stale.view.ts). */
  saved?: EventFormValues | undefined;
  spaces: Pick<Space, 'id' | 'name' | 'capacity'>[];
  /** The organization's event types to choose from. */
  eventTypes: readonly Choice[];
  /** The organization's custom fields of events, with the values typed. */
  custom: CustomForm;
}

export const EVENT_LABELS: Record<string, string> = {
  name: 'Event name',
  start_at: 'Starts',
  end_at: 'Ends',
  setup_minutes: 'Setup (minutes)',
  teardown_minutes: 'Teardown (minutes)',
  guest_count: 'Guests expected',
  guaranteed_count: 'Guests guaranteed',
  setup_style: 'Setup style',
  event_type: 'Event type',
  spaces: 'Spaces',
};

const STALE_LABELS: Record<string, string> = {
  name: 'Event name',
  start: 'Starts',
  end: 'Ends',
  all_day: 'All day',
  guest_count: 'Guests expected',
  spaces: 'Spaces',
};

const staleValues = ({ custom: _custom, ...values }: EventFormValues) => ({
  ...values,
  all_day: values.all_day ? 'Yes' : 'No',
});

export function eventFormPage(v: WorkspaceVisitor, view: EventFormView): string {
  const { values, errors, booking, event } = view;
  const bookingPath = orgPath(v, `/bookings/${booking.id}`);
  const action = event ? orgPath(v, `/events/${event.id}`) : `${bookingPath}/events`;
  const title = event ? `Change ${event.name}` : 'Add an event';
  const number = (name: keyof EventFormValues, hint?: string) =>
    inputField({
      name,
      label: EVENT_LABELS[name]!,
      value: String(values[name]),
      errors,
      type: 'number',
      hint,
      attributes: html`min="0" inputmode="numeric"`,
    });
  const form = html`<form method="post" action="${action}" novalidate class="record-form">
    ${csrfField(v.csrfToken)}
    ${event ? html`<input type="hidden" name="version" value="${event.version}" />` : ''}
    ${inputField({ name: 'name', label: EVENT_LABELS.name!, value: values.name, errors, required: true, hint: 'Ceremony, dinner, day one…', attributes: html`maxlength="200"` })}
    <div class="pair">
      ${inputField({ name: 'start_at', label: EVENT_LABELS.start_at!, value: values.start, errors, required: true, type: 'datetime-local' })}
      ${inputField({ name: 'end_at', label: EVENT_LABELS.end_at!, value: values.end, errors, required: true, type: 'datetime-local' })}
    </div>
    <div class="field">
      <label class="check"><input type="checkbox" id="field-all_day" name="all_day" value="yes" aria-describedby="field-all_day-hint" ${values.all_day ? html`checked` : ''} /><span>All day</span></label>
      <p class="hint" id="field-all_day-hint">The whole of each day from the day it starts to the day it ends; their times are left out.</p>
    </div>
    <p class="hint">Times in ${booking.timezone}, the booking's time zone.</p>
    <div class="pair">
      ${number('setup_minutes', 'Its spaces are held this long before it starts.')}
      ${number('teardown_minutes', 'And this long after it ends.')}
    </div>
    <div class="pair">${number('guest_count')}${number('guaranteed_count', 'The number charged for, once agreed.')}</div>
    ${selectField({ name: 'setup_style', label: EVENT_LABELS.setup_style!, value: values.setup_style, errors, empty: 'Not set', choices: SETUP_STYLE_CHOICES })}
    ${selectField({ name: 'event_type', label: EVENT_LABELS.event_type!, value: values.event_type ?? '', errors, empty: 'None', choices: view.eventTypes, hint: view.eventTypes.length === 0 ? 'No event types yet: an admin adds them under Settings → Event types.' : undefined })}
    ${checkboxesField({
      name: 'spaces',
      legend: EVENT_LABELS.spaces!,
      values: values.spaces,
      errors,
      choices: view.spaces.map((s) => ({
        value: s.id,
        label: s.capacity === null ? s.name : `${s.name} (up to ${countText(s.capacity)})`,
      })),
      empty: html`<p class="hint">No spaces yet.</p>`,
    })}
    ${customInputs(view.custom, errors)}
    <div class="actions"><button type="submit">${event ? 'Save event' : 'Add event'}</button><a class="button secondary" href="${bookingPath}">Cancel</a></div>
  </form>`;
  const body = html`<p class="crumbs"><a href="${orgPath(v, '/bookings')}">Bookings</a> › <a href="${bookingPath}">${booking.reference} ${booking.name}</a></p>
    <h1>${title}</h1>
    ${view.saved ? staleNotice(staleValues(view.saved), staleValues(values), STALE_LABELS) : ''}
    ${view.conflict ? html`<div class="error-summary" role="alert"><h2>The space is taken</h2>${view.conflict}</div>` : ''}
    ${errorSummary(errors, { ...EVENT_LABELS, ...customLabels(view.custom.fields) })}
    ${form}
    ${
      event
        ? html`<section class="danger-zone" aria-labelledby="delete-title"><h2 id="delete-title">Delete this event</h2>
      <a class="button danger" href="${orgPath(v, `/events/${event.id}/delete`)}">Delete event…</a></section>`
        : ''
    }`;
  return workspacePage(v, { title, section: 'bookings', body });
}
