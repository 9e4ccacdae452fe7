/**
 * Change events and webhooks (SPEC §8): the outbox of events every write adds to in its own
 * transaction, the webhook endpoints integrations register, and the deliveries (one per event and
 * endpoint) the delivery worker leases, attempts and retries.
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';
import { addChangeNotifications, dropChangeNotifications } from './change-notify-triggers.js';

const NEW_TABLES = ['events', 'webhook_endpoints', 'webhook_deliveries'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('events_org_created_at_idx')
    .on('events')
    .columns(['organization_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('events_org_type_created_at_idx')
    .on('events')
    .columns(['organization_id', 'type', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('events_created_at_idx').on('events').column('created_at').execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('integration_id', 'text', (c) => c.notNull().references('integrations.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('disabled_at', ts)
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_org_idx')
    .on('webhook_endpoints')
    .columns(['organization_id', 'integration_id'])
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_integration_idx')
    .on('webhook_endpoints')
    .columns(['integration_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', ts)
    .addColumn('lease_expires_at', ts)
    .addColumn('last_attempt_at', ts)
    .addColumn('last_status_code', 'integer')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  // The worker's question, "what is due?", walks only pending deliveries in time order.
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_event_idx')
    .on('webhook_deliveries')
    .column('event_id')
    .execute();

  await addChangeNotifications(db, NEW_TABLES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropChangeNotifications(db, NEW_TABLES);
  for (const table of ['webhook_deliveries', 'webhook_endpoints', 'events']) {
    await db.schema.dropTable(table).execute();
  }
}
