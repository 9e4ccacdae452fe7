/**
 * The e-mail templates a venue starts with (SPEC §17), one of each kind: short, warm, and ready
 * to send with nothing to fill in, in the venue's name and its event manager's. They say what
 * Marquee does, as the default proposal does (src/crm/documents/default-templates.ts): a date is
 * held for the client from the moment they accept the proposal online, as long as the spaces are
 * still free, and not before; what is due on signing falls due then. Made with each new
 * organization, in its transaction (organizations made before were given the same by the
 * migration 2026-12-06T60-email-templates, and the thank-you by 2026-12-08T50-automations); a venue changes or deletes them like any other.
 */
import { isoTime } from '../../clock.js';
import type { Db, Trx } from '../../db/database.js';
import { monotonicId } from '../../db/ids.js';
import type { EmailTemplateKind } from './email-template-kinds.js';

export interface DefaultEmailTemplate {
  kind: EmailTemplateKind;
  name: string;
  subject: string;
  body: string;
}

const GREETING = 'Dear {{ contact.first_name | default: account.name | default: "client" }},';
const SIGNATURE = `Warm regards,
{% if booking.manager != blank %}{{ booking.manager }}
{% endif %}{{ venue.name }}`;
/** The payments of the schedule not yet paid, one a line, when there are any. */
const STILL_TO_PAY = `{% assign unpaid = schedule | where_exp: "payment", "payment.state != 'Paid'" %}{% if unpaid.size > 0 %}
{% for payment in unpaid %}- {{ payment.label }}: {{ payment.to_pay }}, due {{ payment.due | replace_first: "On ", "on " }}
{% endfor %}{% endif %}`;

export const DEFAULT_EMAIL_TEMPLATES: readonly DefaultEmailTemplate[] = [
  {
    kind: 'general',
    name: 'General message',
    subject: '{{ booking.name }} at {{ venue.name }} ({{ booking.reference }})',
    body: `${GREETING}



${SIGNATURE}`,
  },
  {
    kind: 'inquiry_acknowledgement',
    name: 'Thank you for your inquiry',
    subject: 'Your inquiry to {{ venue.name }}: {{ booking.name }}',
    body: `${GREETING}

Thank you for thinking of {{ venue.name }} for {{ booking.name }} on {{ booking.first_day }}{% if booking.guests != blank %} for {{ booking.guests }} guests{% endif %}. We have your inquiry (our reference is {{ booking.reference }}) and will be in touch shortly with our availability and a proposal.

Your date is not held for you yet: it is held from the moment you accept our proposal online. If there is anything you would like us to know in the meantime, just reply to this e-mail.

${SIGNATURE}`,
  },
  {
    kind: 'signing_confirmation',
    name: 'Thank you for accepting our proposal',
    subject: 'Thank you: {{ booking.name }} ({{ booking.reference }})',
    body: `${GREETING}

Thank you for accepting our proposal for {{ booking.name }}. {% if booking.status == "definite" %}Your booking is confirmed, and {{ booking.first_day }} is held for you.{% else %}We will be in touch shortly to confirm your date.{% endif %}
{% assign due_now = schedule | where: "state", "Due" %}{% if due_now.size > 0 %}
Due now, as the proposal set out:
{% for payment in due_now %}- {{ payment.label }}: {{ payment.to_pay }}
{% endfor %}Please quote {{ booking.reference }} with your payment.
{% endif %}{% if portal_url != blank %}
You can read the proposal you accepted, with your payment schedule, at any time here:
{{ portal_url }}
{% endif %}
We look forward to welcoming you.

${SIGNATURE}`,
  },
  {
    kind: 'payment_receipt',
    name: 'Payment received',
    subject: 'Payment received: {{ booking.name }} ({{ booking.reference }})',
    body: `${GREETING}

Thank you: we have received your payment for {{ booking.name }}. You have now paid {{ totals.paid }} of {{ totals.grand_total }}{% if totals.paid == totals.grand_total %}, which settles your booking in full.{% else %}; {{ totals.balance_due }} is still to pay.{% endif %}
${STILL_TO_PAY}{% if portal_url != blank %}
Your schedule and balance are always here: {{ portal_url }}
{% endif %}
${SIGNATURE}`,
  },
  {
    kind: 'payment_reminder',
    name: 'Payment reminder',
    subject: 'Payment reminder: {{ booking.name }} ({{ booking.reference }})',
    body: `${GREETING}

A friendly reminder of the payments for {{ booking.name }} on {{ booking.first_day }}, {{ totals.balance_due }} in all:
${STILL_TO_PAY}
Please quote {{ booking.reference }} with your payment.{% if portal_url != blank %} Your schedule and balance are always here: {{ portal_url }}{% endif %}

If you have paid in the last few days, thank you, and please disregard this reminder.

${SIGNATURE}`,
  },
  {
    kind: 'follow_up',
    name: 'Following up on our proposal',
    subject: 'Our proposal for {{ booking.name }}',
    body: `${GREETING}

I hope you have had a chance to read our proposal for {{ booking.name }}. Is there anything we can answer, or change, to make it right for you?

Your date, {{ booking.first_day }}, is held for you once you accept the proposal online. Until then another booking may take it, so do tell us if you need a little more time.
{% if portal_url != blank %}
Your proposal is here:
{{ portal_url }}
{% endif %}
${SIGNATURE}`,
  },
  {
    kind: 'thank_you',
    name: 'Thank you for celebrating with us',
    subject: 'Thank you from {{ venue.name }}',
    body: `${GREETING}

Thank you for holding {{ booking.name }} with us. It was a pleasure to be part of your day, and we hope you and your guests enjoyed it as much as we did.

If you have a moment, we would love to hear how it went, and we would be glad to welcome you back.

${SIGNATURE}`,
  },
];

/** Inserts the default templates, one of each kind, for a new organization. */
export async function insertDefaultEmailTemplates(
  db: Db | Trx,
  organizationId: string,
  now: number,
): Promise<void> {
  const at = isoTime(now);
  await db
    .insertInto('email_templates')
    .values(
      DEFAULT_EMAIL_TEMPLATES.map((template) => ({
        id: monotonicId(now),
        organization_id: organizationId,
        ...template,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}
