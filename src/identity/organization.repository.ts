/** Organizations: the venues whose data is kept apart from each other's. */
import type { Db } from '../db/database.js';
import { isoTime } from '../clock.js';
import { insertShippedAutomations } from '../crm/automations/index.js';
import { insertDefaultEmailTemplates } from '../crm/email-templates/index.js';
import { insertDefaultPipeline } from '../crm/pipelines/index.js';
import { newId } from '../db/ids.js';
import { countOf } from '../db/aggregates.js';

export interface Organization {
  id: string;
  name: string;
  createdAt: string;
}

/**
 * A new organization with the default pipeline (SPEC §15), e-mail templates (SPEC §17) and the
 * shipped automations on from the start (SPEC §18); `db`
 * is a transaction, or one is opened.
 */
export async function insertOrganization(db: Db, name: string): Promise<Organization> {
  if (!db.isTransaction) return db.transaction().execute((trx) => insertOrganization(trx, name));
  const at = Date.now();
  const now = isoTime(at);
  const row = { id: newId(at), name, created_at: now, updated_at: now };
  await db.insertInto('organizations').values(row).execute();
  await insertDefaultPipeline(db, row.id, at);
  await insertDefaultEmailTemplates(db, row.id, at);
  await insertShippedAutomations(db, row.id, at);
  return { id: row.id, name, createdAt: now };
}

export async function findOrganization(db: Db, id: string): Promise<Organization | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select(['id', 'name', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, createdAt: row.created_at };
}

export async function countOrganizations(db: Db): Promise<number> {
  return countOf(db.selectFrom('organizations').select((eb) => eb.fn.countAll<number>().as('n')));
}

export async function listOrganizations(db: Db): Promise<Array<{ id: string; name: string }>> {
  return db.selectFrom('organizations').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}
