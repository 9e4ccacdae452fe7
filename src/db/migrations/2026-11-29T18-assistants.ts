/**
 * Assistants (SPEC §16): apps that register themselves (RFC 7591) belong to no organization until
 * a user grants them one, so an integration's organization becomes optional; `registered_at` marks
 * a self-registered client (and lets pruning find one never used), `registered_from` the address
 * it came from, kept as a hash. Codes and grants remember the resource (RFC 8707) their tokens are
 * for, so a token issued for `/mcp` works only there. Organizations may turn self-registered
 * assistants off.
 */
import { type Kysely, sql } from 'kysely';
import { isSqlite, timestampType } from '../column-types.js';

/**
 * SQLite cannot drop a NOT NULL constraint: the table is rebuilt as SQLite documents it (foreign
 * keys off, so the tables that refer to it keep their rows; its indexes and triggers made again).
 * Kysely runs SQLite migrations outside a transaction, so the pragma takes effect; the rebuild
 * itself is one transaction.
 */
async function optionalOrganizationSqlite(db: Kysely<unknown>): Promise<void> {
  const table = await sql<{
    sql: string;
  }>`select sql from sqlite_schema where type = 'table' and name = 'integrations'`.execute(db);
  const createSql = table.rows[0]?.sql ?? '';
  const dependents = await sql<{ sql: string }>`select sql from sqlite_schema
    where tbl_name = 'integrations' and type in ('index', 'trigger') and sql is not null`.execute(db);
  const rebuilt = createSql
    .replace(/^CREATE TABLE "?integrations"?/i, 'create table "integrations_rebuilt"')
    .replace(/"organization_id" text not null/i, '"organization_id" text');
  if (rebuilt === createSql || !/create table "integrations_rebuilt"/.test(rebuilt))
    throw new Error('the integrations table is not as expected');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(rebuilt).execute(db);
    await sql`insert into integrations_rebuilt select * from integrations`.execute(db);
    await sql`drop table integrations`.execute(db);
    await sql`alter table integrations_rebuilt rename to integrations`.execute(db);
    for (const row of dependents.rows) await sql.raw(row.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('the rebuilt integrations table breaks a foreign key');
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await optionalOrganizationSqlite(db);
  else await sql`alter table integrations alter column organization_id drop not null`.execute(db);
  const ts = timestampType(db);
  await db.schema.alterTable('integrations').addColumn('registered_at', ts).execute();
  await db.schema.alterTable('integrations').addColumn('registered_from', 'text').execute();
  await db.schema
    .createIndex('integrations_registered_idx')
    .on('integrations')
    .columns(['registered_from', 'registered_at'])
    .where(sql.ref('registered_at'), 'is not', null)
    .execute();
  await db.schema.alterTable('oauth_codes').addColumn('resource', 'text').execute();
  await db.schema.alterTable('oauth_grants').addColumn('resource', 'text').execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('assistant_registration', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('assistant_registration').execute();
  await db.schema.alterTable('oauth_grants').dropColumn('resource').execute();
  await db.schema.alterTable('oauth_codes').dropColumn('resource').execute();
  await db.schema.dropIndex('integrations_registered_idx').execute();
  await db.schema.alterTable('integrations').dropColumn('registered_from').execute();
  await db.schema.alterTable('integrations').dropColumn('registered_at').execute();
  await db
    .deleteFrom('integrations' as never)
    .where(sql.ref('organization_id'), 'is', null)
    .execute();
}
