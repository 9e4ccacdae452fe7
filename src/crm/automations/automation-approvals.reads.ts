/**
 * The drafted mails awaiting approval (SPEC §18, *Approvals*): the organization's runs in state
 * `awaiting_approval`, oldest first, with their automation's name and their booking's reference
 * and name, and the draft to show and edit.
 */
import { countOf } from '../../db/aggregates.js';
import type { Reads } from '../data/reads.js';
import type { Draft } from './automation-mail.js';
import { storedDraftOf } from './automation-run.codec.js';

export interface AwaitingApproval {
  runId: string;
  automationName: string;
  bookingId: string;
  bookingReference: string;
  bookingName: string;
  draft: Draft;
  /** When it was drafted. */
  updatedAt: string;
}

export const APPROVALS_PAGE = 100;

export async function awaitingApproval(reads: Reads, organizationId: string): Promise<AwaitingApproval[]> {
  const rows = await reads.db
    .selectFrom('automation_runs as r')
    .innerJoin('automations as a', 'a.id', 'r.automation_id')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .select([
      'r.id',
      'r.draft',
      'r.updated_at',
      'a.name',
      'b.id as booking_id',
      'b.reference',
      'b.name as booking_name',
    ])
    .where('r.organization_id', '=', organizationId)
    .where('r.state', '=', 'awaiting_approval')
    .orderBy('r.updated_at')
    .orderBy('r.id')
    .limit(APPROVALS_PAGE)
    .execute();
  return rows
    .filter((row) => row.draft !== null)
    .map((row) => ({
      runId: row.id,
      automationName: row.name,
      bookingId: row.booking_id,
      bookingReference: row.reference,
      bookingName: row.booking_name,
      draft: storedDraftOf(row) as Draft,
      updatedAt: row.updated_at,
    }));
}

/** How many drafted mails await approval in the organization (the navigation's count). */
export async function approvalsWaiting(reads: Reads, organizationId: string): Promise<number> {
  return countOf(
    reads.db
      .selectFrom('automation_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('state', '=', 'awaiting_approval'),
  );
}
