/**
 * Where a booking came from, on its page (SPEC §14): its source in words and, for an inquiry,
 * the campaign fields and the referrer it came with, as facts of the booking's details. A
 * referrer is shown as text, never as a link: it is whatever the visitor's browser or the post
 * said.
 */
import { type BookingRow, type BookingSource, sourceDetailsOf } from '../../../crm/bookings/index.js';
import { html, type SafeHtml } from '../../html.js';

const SOURCE_WORDS: Record<BookingSource, string> = {
  inquiry_form: 'Inquiry form',
  api: 'A connected app',
  workspace: 'Entered by the team',
  import: 'CSV import',
  assistant: 'AI assistant',
  email: 'E-mail (made a lead in the Inbox)',
};

/** The details an inquiry keeps, in the order they are shown, with their names. */
const DETAILS: ReadonlyArray<[key: string, label: string]> = [
  ['utm_source', 'UTM source'],
  ['utm_medium', 'UTM medium'],
  ['utm_campaign', 'UTM campaign'],
  ['referrer', 'Referrer'],
];

const fact = (label: string, value: string) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`;

/** The source row, and a row for each detail it came with. */
export function sourceFacts(booking: BookingRow): SafeHtml | '' {
  const source = booking.source;
  if (!source) return '';
  const details = sourceDetailsOf(booking);
  return html`${fact('Source', SOURCE_WORDS[source] ?? source)}${DETAILS.map(([key, label]) =>
    typeof details[key] === 'string' && details[key] ? fact(label, details[key]) : '',
  )}`;
}
