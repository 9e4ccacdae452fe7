/**
 * Automations (SPEC §18): a venue's own and the shipped ones (by `key`), each a trigger,
 * conditions, steps and exits kept as JSON its rules read; and their runs, one per booking and
 * automation unless re-enrollment is allowed (`enrollment` is unique: the automation and booking,
 * and a count where it may start again), with the step reached, when the next is due, a log line
 * per step and the mail a step drafted for approval. Every organization is given the thank-you
 * template the shipped `thank_you` sends (src/crm/email-templates/default-email-templates.ts).
 */
import { type Kysely, sql } from 'kysely';
import { timestampType } from '../column-types.js';
import { monotonicId } from '../ids.js';
import { addOrganizationScope } from './change-notify-triggers.js';

const THANK_YOU = {
  kind: 'thank_you',
  name: 'Thank you for celebrating with us',
  subject: 'Thank you from {{ venue.name }}',
  body: `Dear {{ contact.first_name | default: account.name | default: "client" }},

Thank you for holding {{ booking.name }} with us. It was a pleasure to be part of your day, and we hope you and your guests enjoyed it as much as we did.

If you have a moment, we would love to hear how it went, and we would be glad to welcome you back.

Warm regards,
{% if booking.manager != blank %}{{ booking.manager }}
{% endif %}{{ venue.name }}`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timestampType(db);
  await db.schema
    .createTable('automations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('conditions', 'text', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('exit_on', 'text', (c) => c.notNull())
    .addColumn('allow_reenrollment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('automations_key_key')
    .on('automations')
    .columns(['organization_id', 'key'])
    .unique()
    .where(sql.ref('key'), 'is not', null)
    .execute();
  for (const column of ['name', 'created_at', 'updated_at']) {
    await db.schema
      .createIndex(`automations_org_${column}_idx`)
      .on('automations')
      .columns(['organization_id', column, 'id', 'updated_at'])
      .execute();
  }
  await db.schema
    .createTable('automation_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('automation_id', 'text', (c) => c.notNull().references('automations.id').onDelete('cascade'))
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('enrollment', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('step_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', time)
    .addColumn('log', 'text', (c) => c.notNull())
    .addColumn('draft', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('automation_runs_enrollment_key')
    .on('automation_runs')
    .column('enrollment')
    .unique()
    .execute();
  await db.schema
    .createIndex('automation_runs_booking_idx')
    .on('automation_runs')
    .columns(['organization_id', 'booking_id', 'state'])
    .execute();
  for (const column of ['created_at', 'updated_at']) {
    await db.schema
      .createIndex(`automation_runs_org_${column}_idx`)
      .on('automation_runs')
      .columns(['organization_id', column, 'id', 'updated_at'])
      .execute();
  }
  await addOrganizationScope(db, 'automations');
  await addOrganizationScope(db, 'automation_runs');

  const organizations = await sql<{ id: string }>`select id from organizations order by id`.execute(db);
  const now = Date.now();
  const at = new Date(now).toISOString();
  for (const { id } of organizations.rows) {
    await sql`insert into email_templates (id, organization_id, name, kind, subject, body, created_at, updated_at)
      select ${monotonicId(now)}, ${id}, ${THANK_YOU.name}, ${THANK_YOU.kind}, ${THANK_YOU.subject}, ${THANK_YOU.body}, ${at}, ${at}
      where not exists (select 1 from email_templates where organization_id = ${id} and name = ${THANK_YOU.name})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('automation_runs').execute();
  await db.schema.dropTable('automations').execute();
  await sql`delete from email_templates where kind = 'thank_you'`.execute(db);
}
