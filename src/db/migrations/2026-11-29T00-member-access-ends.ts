/**
 * Removing a member ends what acts as them in that organization for good (issue: a removed
 * member's API keys, calendar feeds and private integrations came back when they were added
 * again). API keys and calendar feeds are revoked with the reason kept (`revoked_reason`:
 * `revoked` by a person, `member_removed` when their member left), and a private integration gets
 * `ended_at`, after which it issues no token and receives no webhook. What is already orphaned
 * (a key, feed or private integration of a user who is no longer a member) is ended here.
 */
import { type Kysely, sql } from 'kysely';
import { timestampType } from '../column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('revoked_reason', 'text').execute();
  await db.schema.alterTable('calendar_feeds').addColumn('revoked_reason', 'text').execute();
  await db.schema.alterTable('integrations').addColumn('ended_at', timestampType(db)).execute();
  const now = new Date().toISOString();
  for (const table of ['api_keys', 'calendar_feeds']) {
    await sql`update ${sql.table(table)} set revoked_reason = 'revoked' where revoked_at is not null`.execute(
      db,
    );
    await sql`update ${sql.table(table)} set revoked_at = ${now}, revoked_reason = 'member_removed'
      where revoked_at is null and not exists (select 1 from memberships m
        where m.user_id = ${sql.ref(`${table}.user_id`)} and m.organization_id = ${sql.ref(`${table}.organization_id`)})`.execute(
      db,
    );
  }
  await sql`update integrations set ended_at = ${now}
    where kind = 'private' and owner_user_id is not null and not exists (select 1 from memberships m
      where m.user_id = integrations.owner_user_id and m.organization_id = integrations.organization_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('integrations').dropColumn('ended_at').execute();
  await db.schema.alterTable('calendar_feeds').dropColumn('revoked_reason').execute();
  await db.schema.alterTable('api_keys').dropColumn('revoked_reason').execute();
}
