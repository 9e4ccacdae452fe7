/**
 * E-mail templates (SPEC §17): the venue's words to its clients, a subject and a body in LiquidJS
 * with the merge fields of documents, each of a kind; a name is unique in an organization. Every
 * organization is given the default of each kind, as this migration wrote them
 * (src/crm/email-templates/default-email-templates.ts makes them for new organizations).
 */
import { type Kysely, sql } from 'kysely';
import { timestampType } from '../column-types.js';
import { monotonicId } from '../ids.js';
import { addOrganizationScope } from './change-notify-triggers.js';

const GREETING = 'Dear {{ contact.first_name | default: account.name | default: "client" }},';
const SIGNATURE = `Warm regards,
{% if booking.manager != blank %}{{ booking.manager }}
{% endif %}{{ venue.name }}`;
/** The payments of the schedule not yet paid, one a line, when there are any. */
const STILL_TO_PAY = `{% assign unpaid = schedule | where_exp: "payment", "payment.state != 'Paid'" %}{% if unpaid.size > 0 %}
{% for payment in unpaid %}- {{ payment.label }}: {{ payment.to_pay }}, due {{ payment.due | replace_first: "On ", "on " }}
{% endfor %}{% endif %}`;

const DEFAULTS: ReadonlyArray<{ kind: string; name: string; subject: string; body: string }> = [
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
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timestampType(db);
  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_templates_name_key')
    .on('email_templates')
    .columns(['organization_id', 'name'])
    .unique()
    .execute();
  // Pages by each sortable column read each row's version from the index alone (2026-11-23T21).
  for (const column of ['name', 'created_at', 'updated_at']) {
    await db.schema
      .createIndex(`email_templates_org_${column}_idx`)
      .on('email_templates')
      .columns(['organization_id', column, 'id', 'updated_at'])
      .execute();
  }

  const organizations = await sql<{ id: string }>`select id from organizations order by id`.execute(db);
  const now = Date.now();
  const at = new Date(now).toISOString();
  for (const { id: organizationId } of organizations.rows) {
    for (const template of DEFAULTS) {
      await sql`insert into email_templates (id, organization_id, name, kind, subject, body, created_at, updated_at)
        values (${monotonicId(now)}, ${organizationId}, ${template.name}, ${template.kind},
          ${template.subject}, ${template.body}, ${at}, ${at})`.execute(db);
    }
  }
  await addOrganizationScope(db, 'email_templates');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_templates').execute();
}
