/**
 * Migration 2026-12-06T60 gives every organization of the previous release the default e-mail
 * template of each kind (SPEC §17), the same the organizations made since start with. On both
 * databases.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type Kysely, Migrator } from 'kysely';
import { isoTime } from '../../src/clock.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/crm/email-templates/index.js';
import { newId } from '../../src/db/ids.js';
import { allMigrations } from '../../src/db/migrate.js';
import { eachDatabase } from '../helpers/databases.js';

const byKind = <T extends { kind: string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => a.kind.localeCompare(b.kind));

eachDatabase((suite) => {
  it('gives every existing organization the default template of each kind', async () => {
    const migrator = new Migrator({ db: suite.db, provider: { getMigrations: allMigrations } });
    // Down to the release before e-mail templates.
    const down = await migrator.migrateTo('2026-12-06T40-mailbox-messages');
    assert.equal(down.error, undefined, String(down.error));
    const db = suite.db as never as Kysely<Record<string, Record<string, unknown>>>;
    const at = isoTime(Date.parse('2030-03-01T00:00:00.000Z'));
    const organizations = [
      { id: newId(), name: 'Old venue' },
      { id: newId(), name: 'Older venue' },
    ];
    for (const org of organizations) {
      await db
        .insertInto('organizations')
        .values({ ...org, created_at: at, updated_at: at })
        .execute();
    }

    const up = await migrator.migrateToLatest();
    assert.equal(up.error, undefined, String(up.error));
    for (const org of organizations) {
      const templates = await suite.db
        .selectFrom('email_templates')
        .select(['kind', 'name', 'subject', 'body'])
        .where('organization_id', '=', org.id)
        .execute();
      assert.deepEqual(
        byKind(templates),
        byKind(
          DEFAULT_EMAIL_TEMPLATES.map(({ kind, name, subject, body }) => ({ kind, name, subject, body })),
        ),
        org.name,
      );
    }
  });
});
