/** E-mail templates' rows: whether a name is taken in the organization. */
import type { Db, Trx } from '../../db/database.js';

export async function nameTaken(
  db: Db | Trx,
  organizationId: string,
  name: string,
  except?: string,
): Promise<boolean> {
  // A name holding a NUL is refused by the rules; no template has one.
  if (name.includes('\u0000')) return false;
  let query = db
    .selectFrom('email_templates')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('name', '=', name);
  if (except) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}
