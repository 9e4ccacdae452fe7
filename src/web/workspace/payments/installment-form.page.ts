/**
 * The installment form (SPEC §12): add one to a booking's schedule, or change one and go on to
 * delete it. What it comes to and when it falls due are each a radio of three, every option
 * beside the input it reads, so the form works without JavaScript.
 */
import { readAmount } from '../../../crm/money.js';
import { html, type SafeHtml } from '../../html.js';
import { money } from '../bookings/booking-badges.js';
import {
  csrfField,
  described,
  errorSummary,
  fieldError,
  type FieldErrors,
  inputField,
} from '../forms/form-fields.js';
import type { InstallmentValues } from './installment-input.js';
import { staleNotice } from '../forms/stale.view.js';
import { dayLabel } from '../time-zones.js';
import { workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface InstallmentFormView {
  booking: { id: string; reference: string; name: string; currency: string; grand_total: number };
  /** The day of the booking's first event, in the venue's time zone. */
  firstEventDay: string;
  /** Present when changing an installment. */
  installment?: { id: string; label: string; version: string; terms: string };
  values: InstallmentValues;
  errors: FieldErrors;
  /** The installment as saved now, when the save came after someone else's (stale.view.ts). */
  saved?: InstallmentValues | undefined;
}

export const INSTALLMENT_LABELS: Record<string, string> = {
  label: 'Label',
  basis: 'Amount',
  amount: 'Fixed amount',
  percentage: 'Percentage',
  remainder: 'Remainder',
  due: 'Due',
  due_date: 'Due date',
  due_days_before: 'Days before the first event',
};

const BASIS_WORDS: Record<string, string> = {
  amount: 'A fixed amount',
  percentage: 'A percentage of the grand total',
  remainder: 'The remainder: whatever the others leave',
};
const DUE_WORDS: Record<string, string> = {
  date: 'On a day',
  days_before: 'Days before the first event',
  signing: 'On signing',
};

/** One option of a radio group, and what it reads beside it. */
function option(
  group: string,
  value: string,
  words: string,
  checked: string,
  inside: SafeHtml | '',
  id?: string,
) {
  const ids = html`id="${id ?? `${group}-${value}`}"`;
  return html`<div class="choice">
    <label class="check"><input type="radio" name="${group}" value="${value}" ${ids} ${checked === value ? html`checked` : ''} /><span>${words}</span></label>
    ${inside ? html`<div class="choice-input">${inside}</div>` : ''}
  </div>`;
}

/** The input an option reads: neither required nor optional, since only its option's choice needs it. */
function choiceInput(o: {
  name: string;
  label: string;
  value: string;
  errors: FieldErrors;
  hint?: string;
  type?: string;
  attributes: SafeHtml;
}) {
  return html`<div class="field">
    <label for="field-${o.name}">${o.label}</label>
    ${o.hint ? html`<p class="hint" id="field-${o.name}-hint">${o.hint}</p>` : ''}
    <input id="field-${o.name}" name="${o.name}" type="${o.type ?? 'text'}" value="${o.value}" ${o.attributes} ${described(o.name, o.errors, o.hint)} />
    ${fieldError(o.name, o.errors)}
  </div>`;
}

function basisFields(view: InstallmentFormView): SafeHtml {
  const { values, errors, booking } = view;
  const decimal = html`inputmode="decimal" maxlength="30"`;
  const remainder = html`<div class="choice">
    <label class="check"><input type="radio" name="basis" value="remainder" id="field-remainder" ${values.basis === 'remainder' ? html`checked` : ''} ${described('remainder', errors)} /><span>${BASIS_WORDS.remainder}</span></label>
    ${fieldError('remainder', errors)}
  </div>`;
  return html`<fieldset id="field-basis" class="choices" ${described('basis', errors)}>
    <legend>What it comes to</legend>
    ${fieldError('basis', errors)}
    ${option('basis', 'amount', BASIS_WORDS.amount!, values.basis, choiceInput({ name: 'amount', label: `Amount (${booking.currency})`, value: values.amount, errors, attributes: decimal }))}
    ${option('basis', 'percentage', BASIS_WORDS.percentage!, values.basis, choiceInput({ name: 'percentage', label: 'Percentage', value: values.percentage, errors, hint: `Of the grand total, ${money(booking.grand_total, booking.currency)} now; such as 25 or 12.5`, attributes: decimal }))}
    ${remainder}
  </fieldset>`;
}

function dueFields(view: InstallmentFormView): SafeHtml {
  const { values, errors } = view;
  return html`<fieldset id="field-due" class="choices" ${described('due', errors)}>
    <legend>When it is due</legend>
    ${fieldError('due', errors)}
    ${option('due', 'date', DUE_WORDS.date!, values.due, choiceInput({ name: 'due_date', label: 'Due date', type: 'date', value: values.due_date, errors, attributes: html`` }))}
    ${option('due', 'days_before', DUE_WORDS.days_before!, values.due, choiceInput({ name: 'due_days_before', label: 'Days before', value: values.due_days_before, errors, hint: `The first event is on ${dayLabel(view.firstEventDay)}.`, attributes: html`inputmode="numeric" maxlength="4"` }))}
    ${option('due', 'signing', DUE_WORDS.signing!, values.due, html`<p class="hint">When the client signs the proposal.</p>`)}
  </fieldset>`;
}

/** What the stale notice compares: each field as words. */
function staleValues(values: InstallmentValues, view: InstallmentFormView) {
  const amount = readAmount(values.amount, view.booking.currency);
  return {
    ...values,
    basis: BASIS_WORDS[values.basis] ?? '',
    amount: amount.minor === undefined ? values.amount : money(amount.minor, view.booking.currency),
    due: DUE_WORDS[values.due] ?? '',
    due_date: values.due_date ? dayLabel(values.due_date) : '',
  };
}

export function installmentFormPage(v: WorkspaceVisitor, view: InstallmentFormView): string {
  const { booking, installment, errors } = view;
  const bookingPath = orgPath(v, `/bookings/${booking.id}`);
  const action = installment ? orgPath(v, `/installments/${installment.id}`) : `${bookingPath}/installments`;
  const title = installment ? `Change ${installment.label}` : 'Add an installment';
  const form = html`<form method="post" action="${action}" novalidate class="record-form">
    ${csrfField(v.csrfToken)}
    ${installment ? html`<input type="hidden" name="version" value="${installment.version}" /><input type="hidden" name="terms" value="${installment.terms}" />` : ''}
    ${inputField({ name: 'label', label: INSTALLMENT_LABELS.label!, value: view.values.label, errors, required: true, hint: 'Such as Deposit or Final balance', attributes: html`maxlength="100"` })}
    ${basisFields(view)}
    ${dueFields(view)}
    <div class="actions"><button type="submit">${installment ? 'Save installment' : 'Add installment'}</button><a class="button secondary" href="${bookingPath}#payments-title">Cancel</a></div>
  </form>`;
  const remove = installment
    ? html`<section class="danger-zone" aria-labelledby="delete-title"><h2 id="delete-title">Delete this installment</h2>
        <a class="button danger" href="${orgPath(v, `/installments/${installment.id}/delete`)}">Delete installment…</a></section>`
    : '';
  const saved = view.saved;
  const body = html`<p class="crumbs"><a href="${orgPath(v, '/bookings')}">Bookings</a> › <a href="${bookingPath}">${booking.reference} ${booking.name}</a></p>
    <h1>${title}</h1>
    ${saved ? staleNotice(staleValues(saved, view), staleValues(view.values, view), INSTALLMENT_LABELS) : ''}
    ${errorSummary(errors, INSTALLMENT_LABELS)}
    <p class="hint">Amounts in ${booking.currency}, the booking’s currency. The remainder is what the other installments leave of the grand total.</p>
    ${form}${remove}`;
  return workspacePage(v, { title, section: 'bookings', body });
}
