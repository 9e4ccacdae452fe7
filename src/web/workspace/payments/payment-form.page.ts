/**
 * Recording a payment or a refund of a booking (SPEC §12): what came in or went back, how, on
 * which day of the venue, with an optional reference, note and installment it pays. A payment is
 * never changed afterwards (an administrator deletes it and it is recorded again).
 */
import { type InstallmentValue as Installment, PAYMENT_METHODS } from '../../../crm/payments/index.js';
import { html } from '../../html.js';
import { money } from '../bookings/booking-badges.js';
import {
  csrfField,
  described,
  errorSummary,
  fieldError,
  type FieldErrors,
  inputField,
  selectField,
  textareaField,
} from '../forms/form-fields.js';
import { METHOD_LABELS } from './payment-words.js';
import type { PaymentValues } from './payment-input.js';
import { workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface PaymentFormView {
  booking: {
    id: string;
    reference: string;
    name: string;
    currency: string;
    grand_total: number;
    paid_total: number;
  };
  installments: readonly Installment[];
  zone: string;
  values: PaymentValues;
  errors: FieldErrors;
}

export const PAYMENT_LABELS: Record<string, string> = {
  kind: 'Payment or refund',
  amount: 'Amount',
  method: 'Method',
  received_on: 'Received on',
  reference: 'Reference',
  installment: 'Installment',
  note: 'Note',
};

function kindField(view: PaymentFormView) {
  const { values, errors } = view;
  const radio = (value: string, words: string) =>
    html`<label class="check"><input type="radio" name="kind" value="${value}" ${values.kind === value ? html`checked` : ''} /><span>${words}</span></label>`;
  return html`<fieldset id="field-kind" ${described('kind', errors)}>
    <legend>${PAYMENT_LABELS.kind}</legend>
    ${radio('payment', 'Payment: money received from the client')}
    ${radio('refund', 'Refund: money given back to the client')}
    ${fieldError('kind', errors)}
  </fieldset>`;
}

function installmentChoices(view: PaymentFormView) {
  const c = view.booking.currency;
  return view.installments.map((i) => {
    const { amountDue, paidAmount } = i;
    return { value: i.id, label: `${i.label}: ${money(amountDue, c)} due, ${money(paidAmount, c)} paid` };
  });
}

export function paymentFormPage(v: WorkspaceVisitor, view: PaymentFormView): string {
  const { booking, values, errors } = view;
  const c = booking.currency;
  const bookingPath = orgPath(v, `/bookings/${booking.id}`);
  const title = values.kind === 'refund' ? 'Record a refund' : 'Record a payment';
  const installment =
    view.installments.length === 0
      ? ''
      : selectField({
          name: 'installment',
          label: PAYMENT_LABELS.installment!,
          value: values.installment,
          errors,
          empty: 'None: the schedule decides',
          hint: 'Without one, a payment pays the unpaid installments in the order they fall due, a deposit due on signing first, and a refund takes back from the latest.',
          choices: installmentChoices(view),
        });
  const form = html`<form method="post" action="${bookingPath}/payments" novalidate class="record-form">
    ${csrfField(v.csrfToken)}
    ${kindField(view)}
    <div class="pair">
      ${inputField({ name: 'amount', label: `${PAYMENT_LABELS.amount} (${c})`, value: values.amount, errors, required: true, hint: 'Such as 500 or 1 234,50', attributes: html`inputmode="decimal" maxlength="30"` })}
      ${selectField({ name: 'method', label: PAYMENT_LABELS.method!, value: values.method, errors, required: true, empty: 'Choose how it was paid', choices: PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] })) })}
    </div>
    ${inputField({ name: 'received_on', label: PAYMENT_LABELS.received_on!, type: 'date', value: values.received_on, errors, required: true, hint: `A day in ${view.zone}, the venue’s time zone.` })}
    ${inputField({ name: 'reference', label: PAYMENT_LABELS.reference!, value: values.reference, errors, hint: 'Such as the payment processor’s id; each is recorded once.', attributes: html`maxlength="200"` })}
    ${installment}
    ${textareaField({ name: 'note', label: PAYMENT_LABELS.note!, value: values.note, errors, rows: 2 })}
    <div class="actions"><button type="submit">${title}</button><a class="button secondary" href="${bookingPath}#payments-title">Cancel</a></div>
  </form>`;
  const body = html`<p class="crumbs"><a href="${orgPath(v, '/bookings')}">Bookings</a> › <a href="${bookingPath}">${booking.reference} ${booking.name}</a></p>
    <h1>${title}</h1>
    ${errorSummary(errors, PAYMENT_LABELS)}
    <p class="hint">Grand total ${money(booking.grand_total, c)}; paid ${money(booking.paid_total, c)}; balance due ${money(booking.grand_total - booking.paid_total, c)}. A payment is not changed once recorded.</p>
    ${form}`;
  return workspacePage(v, { title, section: 'bookings', body });
}
