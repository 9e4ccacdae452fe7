/** What tasks need shown beside them (task-list.view.ts): the venue's zone and clock, the members, the bookings named. */
import { organizationZone } from '../../../crm/organization/index.js';
import { type Task, taskBookings } from '../../../crm/tasks/index.js';
import type { Db } from '../../../db/database.js';
import { listMembersOfOrganization } from '../../../identity/membership.repository.js';
import type { TaskContext } from './task-list.view.js';

export async function taskContextOf(
  db: Db,
  organizationId: string,
  now: number,
  tasks: readonly Task[],
): Promise<TaskContext> {
  const [zone, members, bookings] = await Promise.all([
    organizationZone(db, organizationId),
    listMembersOfOrganization(db, organizationId),
    taskBookings({ db }, organizationId, tasks),
  ]);
  return { zone, now, members, bookings };
}
