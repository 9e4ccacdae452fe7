/**
 * One message of the Inbox (SPEC §17): who sent it, when it came (in the venue's zone and
 * locale), its subject, its first lines and its attachments' names, then what a member does with
 * it: file it on an open booking (the sender's first), make a lead of it, or dismiss it; a
 * dismissed one is restored. Everything the sender wrote is text, escaped, never markup: the
 * sender is outside the venue (§16).
 */
import type { Message, OpenBooking } from '../../../crm/messages/index.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField } from '../forms/form-fields.js';
import { clockLabel, dayLabel, localDate } from '../time-zones.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

/** A refused action on one message, shown under its form. */
export interface MessageProblem {
  messageId: string;
  form: 'file' | 'lead';
  text: string;
}

export interface MessageCard {
  message: Message;
  version: string;
  /** The open bookings to file it on: the sender's, then the others. */
  bookings: { senders: OpenBooking[]; others: OpenBooking[] };
  problem: MessageProblem | undefined;
  /** The page it is shown on (its cursor), so a post comes back to that page. */
  before: string | undefined;
}

const LINES = 4;
const CHARACTERS = 400;

/**
 * A line of this length or more, followed by more of the paragraph, was wrapped by the writer's
 * mail program (at some 72 characters), not ended by the writer: the excerpt joins it to the next,
 * so it wraps to the width of the page instead of breaking mid-sentence on a phone.
 */
const WRAPPED = 60;

/**
 * The first lines a client wrote: up to the quoted history ("> …", "On … wrote:"), blank lines
 * dropped, lines their mail program wrapped joined again.
 */
export function firstLines(text: string): string {
  const lines: string[] = [];
  let wrapped = false;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('>') || /^(On .+ wrote:|-{2,} ?Original Message ?-{2,})$/i.test(trimmed)) break;
    if (trimmed === '' || trimmed === '--') {
      wrapped = false;
      continue;
    }
    if (wrapped) lines.push(`${lines.pop()} ${trimmed}`);
    else if (lines.length === LINES) break;
    else lines.push(trimmed);
    wrapped = trimmed.length >= WRAPPED;
  }
  const shown = lines.join('\n');
  return shown.length > CHARACTERS ? `${shown.slice(0, CHARACTERS - 1).trimEnd()}…` : shown;
}

/** When it came, in the venue's zone and its locale: "Tue 1 Dec 2026, 10:00". */
export function receivedLabel(instant: string, zone: string): string {
  const at = Date.parse(instant);
  return `${dayLabel(localDate(at, zone))}, ${clockLabel(at, zone)}`;
}

const option = (b: OpenBooking) => html`<option value="${b.id}">${b.reference} · ${b.name}</option>`;

function problemOf(card: MessageCard, form: MessageProblem['form'], id: string): SafeHtml | '' {
  const problem = card.problem;
  if (!problem || problem.form !== form) return '';
  return html`<p class="field-error" id="${id}-error" role="alert">${problem.text}</p>`;
}

/** aria-invalid and aria-describedby of a field whose form was refused. */
function invalid(card: MessageCard, form: MessageProblem['form'], id: string): SafeHtml | '' {
  return card.problem?.form === form ? html`aria-invalid="true" aria-describedby="${id}-error"` : '';
}

function hidden(v: WorkspaceVisitor, card: MessageCard): SafeHtml {
  const page = card.before ? html`<input type="hidden" name="before" value="${card.before}" />` : '';
  return html`${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${card.version}" />${page}`;
}

function fileForm(v: WorkspaceVisitor, card: MessageCard, action: string, about: string): SafeHtml {
  const { senders, others } = card.bookings;
  const id = `file-${card.message.id}`;
  if (senders.length + others.length === 0)
    return html`<p class="muted inbox-none">No open booking to file it on.</p>`;
  const sender = card.message.from.name.trim() || card.message.from.email;
  return html`<form method="post" action="${action}/file" class="inbox-form">${hidden(v, card)}
    <label for="${id}">File on a booking</label>
    <div class="inbox-row">
      <select id="${id}" name="booking_id" required ${invalid(card, 'file', id)}>
        <option value="">Choose a booking</option>
        ${senders.length > 0 ? html`<optgroup label="${sender}’s bookings">${senders.map(option)}</optgroup>` : ''}
        ${others.length > 0 ? html`<optgroup label="${senders.length > 0 ? 'Other open bookings' : 'Open bookings'}">${others.map(option)}</optgroup>` : ''}
      </select>
      <button type="submit" aria-describedby="${about}">File</button>
    </div>${problemOf(card, 'file', id)}
  </form>`;
}

function leadForm(v: WorkspaceVisitor, card: MessageCard, action: string, about: string): SafeHtml {
  const id = `lead-date-${card.message.id}`;
  return html`<form method="post" action="${action}/lead" class="inbox-form">${hidden(v, card)}
    <label for="${id}">Event date of a new lead</label>
    <div class="inbox-row">
      <input id="${id}" name="date" type="date" required ${invalid(card, 'lead', id)} />
      <button type="submit" class="secondary" aria-describedby="${about}">Make a lead</button>
    </div>${problemOf(card, 'lead', id)}
  </form>`;
}

function attachmentsOf(message: Message): SafeHtml | '' {
  if (message.attachments.length === 0) return '';
  return html`<div class="inbox-attachments"><span class="muted">Attachments:</span>
    <ul>${message.attachments.map((a) => html`<li>${a.name}</li>`)}</ul></div>`;
}

/** A message as its own region: the subject is its heading; the actions name it to a screen reader. */
export function messageCard(v: WorkspaceVisitor, card: MessageCard, zone: string): SafeHtml {
  const { message } = card;
  const about = `message-${message.id}`;
  const action = orgPath(v, `/inbox/${message.id}`);
  const excerpt = firstLines(message.text);
  const actions = message.dismissed
    ? html`<form method="post" action="${action}/restore">${hidden(v, card)}
        <button type="submit" class="secondary" aria-describedby="${about}">Restore to the Inbox</button></form>`
    : html`${fileForm(v, card, action, about)}${leadForm(v, card, action, about)}
        <form method="post" action="${action}/dismiss" class="inbox-dismiss">${hidden(v, card)}
          <button type="submit" class="secondary" aria-describedby="${about}">Dismiss</button></form>`;
  return html`<article class="inbox-message" aria-labelledby="${about}">
    <h2 id="${about}">${message.subject.trim() || '(no subject)'}</h2>
    <p class="inbox-from"><span class="strong">${message.from.name.trim() || message.from.email}</span>
      ${message.from.name.trim() ? html`<span class="muted">&lt;${message.from.email}&gt;</span>` : ''}
      <span class="muted">· <time datetime="${message.sentAt}">${receivedLabel(message.sentAt, zone)}</time></span></p>
    ${excerpt ? html`<p class="inbox-excerpt">${excerpt}</p>` : html`<p class="muted">The message has no text.</p>`}
    ${attachmentsOf(message)}
    <div class="inbox-actions">${actions}</div>
  </article>`;
}
