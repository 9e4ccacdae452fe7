/**
 * A booking's Payments on its page (SPEC §12): its schedule, each installment with what it is,
 * when it falls due, what it comes to, what is paid of it and its state (as /v2/installments
 * resolves them), what is paid of the grand total; then its payments and refunds in the order
 * they were received. Any member adds installments and records payments; only administrators are
 * offered the deletion of a payment.
 */
import type { BookingRow } from '../../../crm/bookings/index.js';
import type {
  InstallmentValue as Installment,
  PaymentValue as Payment,
} from '../../../crm/payments/index.js';
import { html, type SafeHtml } from '../../html.js';
import { money } from '../bookings/booking-badges.js';
import { stillToPay } from '../../../crm/documents/index.js';
import {
  dueOf,
  KIND_LABELS,
  METHOD_LABELS,
  paymentName,
  receivedOn,
  signedAmount,
  stateBadge,
  termsOf,
} from './payment-words.js';
import { mayTake, orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { PAYMENT_ACTIONS } from '../../../crm/payments/index.js';

export interface PaymentsSection {
  booking: BookingRow;
  /** Its installments, in schedule order. */
  installments: readonly Installment[];
  /** Its payments and refunds, in the order they were received. */
  payments: readonly Payment[];
  zone: string;
}

function installmentRow(v: WorkspaceVisitor, i: Installment, currency: string): SafeHtml {
  const { amountDue, paidAmount } = i;
  return html`<tr id="installment-${i.id}" class="state-row-${i.state}">
    <td><span class="strong">${i.label}</span></td>
    <td data-label="What">${termsOf(i)}</td>
    <td data-label="Due">${dueOf(i)}</td>
    <td data-label="Amount due" class="num">${money(amountDue, currency)}</td>
    <td data-label="Paid" class="num">${money(paidAmount, currency)}</td>
    <td data-label="To pay" class="num">${money(stillToPay(i), currency)}</td>
    <td data-label="State">${stateBadge(i.state)}</td>
    <td class="num"><a href="${orgPath(v, `/installments/${i.id}/edit`)}" aria-label="Change ${i.label}">Change</a></td>
  </tr>`;
}

function scheduleTable(v: WorkspaceVisitor, view: PaymentsSection): SafeHtml {
  const { booking, installments } = view;
  if (installments.length === 0) {
    return html`<p class="muted">No payment schedule yet: add a deposit, then what falls due later.</p>`;
  }
  return html`<table class="list money-table" aria-labelledby="schedule-title">
    <thead><tr><th scope="col">Installment</th><th scope="col">What</th><th scope="col">Due</th><th scope="col" class="num">Amount due</th><th scope="col" class="num">Paid</th><th scope="col" class="num">To pay</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Change</span></th></tr></thead>
    <tbody>${installments.map((i) => installmentRow(v, i, booking.currency))}</tbody>
  </table>`;
}

function paymentRow(v: WorkspaceVisitor, p: Payment, view: PaymentsSection, labels: Map<string, string>) {
  const c = view.booking.currency;
  const remove = mayTake(v, PAYMENT_ACTIONS.delete)
    ? html`<a href="${orgPath(v, `/payments/${p.id}/delete`)}" aria-label="Delete ${paymentName(p, c, view.zone)}">Delete</a>`
    : '';
  return html`<tr id="payment-${p.id}">
    <td><span class="strong nowrap">${receivedOn(p, view.zone)}</span></td>
    <td data-label="Kind">${KIND_LABELS[p.kind]}</td>
    <td data-label="Method">${METHOD_LABELS[p.method]}</td>
    <td data-label="Amount" class="num">${signedAmount(p, c)}</td>
    <td data-label="Reference" class="wrap">${p.reference ?? ''}</td>
    <td data-label="Installment">${p.installmentId ? (labels.get(p.installmentId) ?? '') : ''}</td>
    <td data-label="Note" class="wrap">${p.note ?? ''}</td>
    ${mayTake(v, PAYMENT_ACTIONS.delete) ? html`<td class="num">${remove}</td>` : ''}
  </tr>`;
}

function paymentsTable(v: WorkspaceVisitor, view: PaymentsSection): SafeHtml {
  if (view.payments.length === 0) return html`<p class="muted">No payments recorded yet.</p>`;
  const labels = new Map(view.installments.map((i) => [i.id, i.label]));
  const remove = mayTake(v, PAYMENT_ACTIONS.delete)
    ? html`<th scope="col"><span class="visually-hidden">Delete</span></th>`
    : '';
  return html`<table class="list money-table" aria-labelledby="received-title">
    <thead><tr><th scope="col">Received</th><th scope="col">Kind</th><th scope="col">Method</th><th scope="col" class="num">Amount</th><th scope="col">Reference</th><th scope="col">Installment</th><th scope="col">Note</th>${remove}</tr></thead>
    <tbody>${view.payments.map((p) => paymentRow(v, p, view, labels))}</tbody>
  </table>`;
}

export function paymentsSection(v: WorkspaceVisitor, view: PaymentsSection): SafeHtml {
  const b = view.booking;
  const grand = Number(b.grand_total);
  const paid = Number(b.paid_total);
  const path = orgPath(v, `/bookings/${b.id}`);
  return html`<section aria-labelledby="payments-title" class="card payments">
    <h2 id="payments-title">Payments</h2>
    <dl class="card-facts paid-so-far">
      <div><dt>Grand total</dt><dd>${money(grand, b.currency)}</dd></div>
      <div><dt>Paid</dt><dd>${money(paid, b.currency)}</dd></div>
      <div><dt>Balance due</dt><dd class="strong">${money(grand - paid, b.currency)}</dd></div>
    </dl>
    <h3 id="schedule-title">Schedule</h3>
    ${scheduleTable(v, view)}
    <p><a class="button secondary" href="${path}/installments/new">Add an installment</a></p>
    <h3 id="received-title">Received</h3>
    ${paymentsTable(v, view)}
    <p class="section-actions"><a class="button secondary" href="${path}/payments/new">Record a payment</a>
      ${paid > 0 ? html`<a class="button secondary" href="${path}/payments/new?kind=refund">Record a refund</a>` : ''}</p>
  </section>`;
}
