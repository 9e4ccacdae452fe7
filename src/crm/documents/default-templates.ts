/**
 * The templates a venue starts with (SPEC §13), one set per kind of document: a first proposal
 * should read as a venue's own, with nothing to fill in, and say what Marquee does: accepting a
 * proposal online confirms the booking when its events can be held (document-signing.ts), and
 * what is due on signing falls due then, held or not; an invoice asks for payment only while
 * some is owed (paid equal to the total is paid in full). A venue changes them under Settings →
 * Documents; until then these are used. Written with the merge fields of merge-data.ts.
 */
import type { DocumentKind } from './document.table.js';

/** The parts of a kind's templates, in the order a document is rendered. */
export const TEMPLATE_PARTS = ['header', 'footer', 'terms'] as const;
export type TemplatePart = (typeof TEMPLATE_PARTS)[number];

export type TemplateTexts = Record<TemplatePart, string>;

const PROPOSAL: TemplateTexts = {
  header: `Dear {{ contact.first_name | default: account.name | default: "client" }},

Thank you for considering {{ venue.name }} for {{ booking.name }}. This proposal sets out your events, what we will provide and what it costs, with the payment schedule and our terms.

To confirm your booking, accept this proposal through the link in our e-mail: your date is held for you from the moment you do, as long as the spaces are still free for your events then.`,
  footer: `{{ venue.name }} · Proposal for {{ booking.name }} ({{ booking.reference }})`,
  terms: `## Confirmation
Your booking is confirmed when you accept this proposal online, and your date is held for you from then, as long as the spaces it names are still free for your events at that moment; if another booking has taken one of them, we will contact you to settle it. Until you accept, your date is not held for you.

## Payments
Any payment the schedule above shows as due “On signing” falls due when you accept this proposal; the others fall due on the dates it sets out. Prices include what is listed and nothing else; anything added later is priced on its own.

## Final numbers
Please give us your final number of guests no later than 14 days before your first event. That number is the guaranteed count we charge for, even if fewer guests attend.

## Changes and cancellation
Tell us of any change in writing. If you cancel, payments already made are kept to cover the costs of holding your date; within 60 days of your first event the whole amount is due.

## On the day
Your events keep to the times above, setup and clearing included. Please leave the spaces as you found them; damage beyond normal use is charged at cost.`,
};

const BEO: TemplateTexts = {
  header: `Banquet event order for {{ booking.name }} ({{ booking.reference }}). Event manager: {{ booking.manager | default: "not yet named" }}.`,
  footer: `{{ venue.name }} · BEO {{ booking.reference }} · version {{ document.version }}`,
  terms: `## For every team
Any change after this BEO is printed is made by the event manager, who issues a new version. Check the guaranteed count and the notes on the day of the event.`,
};

const INVOICE: TemplateTexts = {
  header: `Invoice for {{ booking.name }} ({{ booking.reference }}), for {{ account.name | default: contact.name }}.`,
  footer: `{{ venue.name }} · Invoice for {{ booking.reference }}`,
  terms: `{% if totals.paid == totals.grand_total %}This invoice is paid in full: nothing is left to pay.{% else %}Please pay the balance due by the dates in the payment schedule, quoting the invoice number and {{ booking.reference }} with your payment.{% endif %}

Thank you for choosing {{ venue.name }}.`,
};

export const DEFAULT_TEMPLATES: Readonly<Record<DocumentKind, TemplateTexts>> = {
  proposal: PROPOSAL,
  beo: BEO,
  invoice: INVOICE,
};
