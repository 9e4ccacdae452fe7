/**
 * One booking: every attribute, its account, contact and spaces, the status moves it allows, its
 * events, its pricing, its payments, its documents, its conversation with the client, its notes.
 */
import {
  allowedMoves,
  type BookingRow,
  type BookingStatus,
  shownTotal,
} from '../../../crm/bookings/index.js';
import type { Account } from '../../../crm/accounts/index.js';
import { type Contact, contactName } from '../../../crm/contacts/index.js';
import { html, type SafeHtml } from '../../html.js';
import { money, statusBadge } from './booking-badges.js';
import { sourceFacts } from './booking-source.view.js';
import { csrfField, errorSummary, type FieldErrors, textareaField } from '../forms/form-fields.js';
import { eventsSection, type EventsSection } from '../events/events.view.js';
import { pricingSection, type PricingSection } from '../pricing/pricing.view.js';
import { paymentsSection, type PaymentsSection } from '../payments/payments.view.js';
import {
  type DocumentsSection,
  documentsSection,
  unconfirmedAcceptances,
  changedSinceAccepted,
} from '../documents/documents.view.js';
import { notesSection, type NotesSection, notesSummary } from '../notes/notes.view.js';
import { type BookingTasks, bookingTasksSection } from '../tasks/booking-tasks.view.js';
import type { ConversationSection } from '../messages/conversation-reads.js';
import { conversationSection } from '../messages/conversation.view.js';
import { bookingTimes } from '../time-zones.js';
import { workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import type { CustomForm } from '../forms/custom-fields.form.js';
import { customFacts } from '../forms/custom-fields.view.js';
import { declaredFacts } from './booking-fields.view.js';
import { DECLARED } from './booking-form.page.js';

export interface BookingView {
  booking: BookingRow;
  /** The names of the spaces it holds. */
  rooms: string[];
  version: string;
  account: Account | undefined;
  contact: Contact | undefined;
  owner: string | undefined;
  /** The organization's custom fields of bookings (their values are the booking's). */
  custom: Omit<CustomForm, 'typed'>;
  /** Its stage ("Sales › Proposal sent") and where it came from, by name. */
  stage?: string | undefined;
  referralSource?: string | undefined;
  notes: NotesSection;
  tasks: BookingTasks;
  events: EventsSection;
  pricing: PricingSection;
  payments: PaymentsSection;
  documents: DocumentsSection;
  conversation: ConversationSection;
  /** A refused status move: the sentence, and the reason field's error for lost. */
  refusal?: SafeHtml | undefined;
  statusErrors?: FieldErrors;
  notice?: string | undefined;
}

const STATUS_HINTS: Record<BookingStatus, string> = {
  lead: 'An enquiry: it does not hold its spaces yet.',
  tentative: 'Held as an option: other options may overlap it.',
  definite: 'Confirmed: no other definite booking may hold its spaces at the same time.',
  closed: 'The event is over and the booking is final.',
  lost: 'Lost: it holds nothing. It can be reopened as a lead.',
};

const MOVE_LABELS: Record<BookingStatus, (from: BookingStatus) => string> = {
  lead: (from) => (from === 'lost' ? 'Reopen as lead' : 'Back to lead'),
  tentative: (from) => (from === 'lead' ? 'Move to tentative' : 'Back to tentative'),
  definite: () => 'Confirm as definite',
  closed: () => 'Close booking',
  lost: () => 'Mark as lost',
};

function statusForms(v: WorkspaceVisitor, view: BookingView): SafeHtml {
  const { booking } = view;
  const action = orgPath(v, `/bookings/${booking.id}/status`);
  const moves = allowedMoves(booking.status);
  if (moves.length === 0) return html`<p class="muted">A closed booking is final.</p>`;
  const hidden = html`${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${view.version}" />`;
  const buttons = moves
    .filter((m) => m !== 'lost')
    .map(
      (
        to,
      ) => html`<form method="post" action="${action}">${hidden}<input type="hidden" name="to" value="${to}" />
        <button type="submit" class="${to === 'definite' || (to === 'tentative' && booking.status === 'lead') ? '' : 'secondary'}">${MOVE_LABELS[to](booking.status)}</button></form>`,
    );
  const lost = moves.includes('lost')
    ? html`<details class="lost" ${view.statusErrors?.lost_reason ? html`open` : ''}>
        <summary>Mark as lost…</summary>
        <form method="post" action="${action}" novalidate>${hidden}<input type="hidden" name="to" value="lost" />
          ${textareaField({ name: 'lost_reason', label: 'Why was it lost?', value: '', errors: view.statusErrors ?? {}, required: true, rows: 2 })}
          <button type="submit" class="danger">Mark as lost</button></form>
      </details>`
    : '';
  return html`<div class="moves">${buttons}</div>${lost}`;
}

function row(label: string, value: SafeHtml | string | number | null | undefined): SafeHtml {
  return html`<div><dt>${label}</dt><dd>${value === null || value === undefined || value === '' ? html`<span class="muted">—</span>` : value}</dd></div>`;
}

export function bookingPage(v: WorkspaceVisitor, view: BookingView): string {
  const { booking: b, account, contact } = view;
  const body = html`<p class="crumbs"><a href="${orgPath(v, '/bookings')}">Bookings</a></p>
    <div class="page-head">
      <div><p class="ref">${b.reference}</p><h1>${b.name}</h1></div>
      <div class="head-actions">${statusBadge(b.status)} <a class="button secondary" href="${orgPath(v, `/bookings/${b.id}/edit`)}">Edit</a></div>
    </div>
    ${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
    ${view.refusal ? html`<div class="error-summary" role="alert"><h2>The status was not changed</h2>${view.refusal}</div>` : ''}
    ${unconfirmedAcceptances(v, view.documents)}
    ${changedSinceAccepted(v, view.documents)}
    ${view.statusErrors?.lost_reason ? errorSummary({ lost_reason: view.statusErrors.lost_reason }, { lost_reason: 'Why was it lost?' }) : ''}
    ${errorSummary(view.pricing.fnbErrors, { fnb_minimum: 'F&B minimum' })}
    ${notesSummary(view.notes)}
    <div class="detail-grid">
      <section aria-labelledby="details-title" class="card">
        <h2 id="details-title">Details</h2>
        <dl class="facts">
          ${row('When', bookingTimes(b, view.notes.zone))}
          ${row('Spaces', view.rooms.join(', '))}
          ${row('Guests', b.guest_count)}
          ${row('Event type', b.event_type)}
          ${row('Total', shownTotal(b) === 0 ? null : money(shownTotal(b), b.currency))}
          ${row('Account', account ? html`<a href="${orgPath(v, `/accounts/${account.id}`)}">${account.name}</a>` : '')}
          ${row('Contact', contact ? html`<a href="${orgPath(v, `/contacts/${contact.id}`)}">${contactName(contact)}</a>${contact.email ? html` · ${contact.email}` : ''}${contact.phone ? html` · <span class="nowrap">${contact.phone}</span>` : ''}` : '')}
          ${row('Owner', view.owner)}
          ${row('Stage', view.stage)}
          ${row('Referral source', view.referralSource)}
          ${sourceFacts(b)}
          ${b.status === 'lost' ? row('Lost because', b.lost_reason) : ''}
          ${declaredFacts(DECLARED, b, row)}${customFacts(view.custom, b.custom_fields)}
          ${row('Status', statusBadge(b.status))}
        </dl>
      </section>
      <section aria-labelledby="status-title" class="card">
        <h2 id="status-title">Move this booking</h2>
        <p class="hint">${statusBadge(b.status)} ${STATUS_HINTS[b.status]}</p>
        ${statusForms(v, view)}
      </section>
    </div>
    ${eventsSection(v, view.events)}
    ${pricingSection(v, view.pricing)}
    ${paymentsSection(v, view.payments)}
    ${documentsSection(v, view.documents)}
    ${conversationSection(v, view.conversation)}
    ${bookingTasksSection(v, view.tasks)}
    ${notesSection(v, view.notes)}`;
  return workspacePage(v, { title: `${b.reference} ${b.name}`, section: 'bookings', body });
}
