/** Where a signed-in user lands: the bookings of their first organization (Settings when they have none). */
import type { Db } from '../../db/database.js';
import { listMembershipsOfUser } from '../../identity/membership.repository.js';
import { orgPath } from './workspace-visitor.js';

export async function homePath(db: Db, userId: string): Promise<string> {
  const [first] = await listMembershipsOfUser(db, userId);
  return first ? orgPath(first.organizationId, '/bookings') : '/settings';
}
