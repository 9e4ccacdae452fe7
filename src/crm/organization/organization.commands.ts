/**
 * Changing an organization's settings (SPEC §12), as a unit of work: admins only; If-Match names
 * the version read (412 otherwise); the rules of organization-rules.ts; `organization.updated`
 * told with the old values of what changed. A new time zone moves the days of payment schedules
 * (a first event's day, and today, are the zone's), so they are resolved again in the same unit.
 */
import { NotFoundError, PreconditionFailedError } from '../../errors.js';
import { matches } from '../data/etag.js';
import { recordChange } from '../../changes/record-change.js';
import { Refusal } from '../../writes/refusal.js';
import type { Command } from '../../writes/unit-of-work.js';
import type { Trx } from '../../db/database.js';
import { touchBooking } from '../bookings/aggregate.js';
import { previousAttributes } from '../change-events.js';
import { nextVersion } from '../records.js';
import { refusalOfProblems } from '../validation.js';
import { checkOrganization, type OrganizationInput } from './organization-rules.js';
import { organizationCodec, type OrganizationValue } from './organization.codec.js';
import { organizationVersion } from './organization.reads.js';
import { organizationResource } from './organization.resource.js';
import { changedFields } from '../data/changed-fields.js';
import { ORGANIZATION_ACTIONS } from './organization.policy.js';
import {
  mailboxChange,
  mailboxSaved,
  mailboxViewOf,
  readMailboxSoon,
  saveMailbox,
} from '../../mail/inbound/mailbox-store.js';

async function slugTaken(trx: Trx, slug: string, organizationId: string): Promise<boolean> {
  const other = await trx
    .selectFrom('organizations')
    .select('id')
    .where('inquiry_slug', '=', slug)
    .where('id', '<>', organizationId)
    .executeTakeFirst();
  return other !== undefined;
}

export const updateOrganization: Command<
  {
    ifMatch: string | undefined;
    input: OrganizationInput;
    /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: a mailbox may then be read without TLS. */
    allowPlainMailbox?: boolean;
  },
  OrganizationValue | Refusal
> = {
  action: ORGANIZATION_ACTIONS.update,
  async run(work, { ifMatch, input, allowPlainMailbox = false }) {
    const { trx, actor, now } = work;
    const current = await trx
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', actor.organizationId)
      .executeTakeFirst();
    if (!current) return Refusal.from(new NotFoundError());
    const saved = organizationCodec.decode(current);
    if (!matches(ifMatch, organizationVersion(saved))) {
      return Refusal.from(
        new PreconditionFailedError(
          'The organization has changed since you read it (If-Match does not match its ETag).',
        ),
      );
    }
    // Only what differs from what is saved: a PATCH that repeats the settings changes nothing,
    // not even updated_at (so no version moves without its organization.updated).
    const checked = checkOrganization(input, saved);
    const slug = checked.value.inquiry_slug;
    if (slug && slug !== current.inquiry_slug && (await slugTaken(trx, slug, current.id))) {
      checked.problems = [
        ...checked.problems,
        {
          field: 'inquiry_form/slug',
          detail: `The address /inquire/${slug} is taken: choose another slug.`,
          code: 'taken',
          source: { pointer: '/data/attributes/inquiry_form/slug' },
        },
      ];
    }
    const mailbox =
      input.mailbox === undefined
        ? undefined
        : await mailboxChange(trx, current.id, input.mailbox, allowPlainMailbox);
    if (mailbox) checked.problems = [...checked.problems, ...mailbox.problems];
    const refused = refusalOfProblems(checked);
    if (refused) return refused;
    const changes = changedFields(current, checked.value);
    const mailboxBefore = await mailboxViewOf(trx, current.id);
    const mailboxChanged =
      mailbox !== undefined && (await saveMailbox(trx, current.id, mailbox.settings, now));
    if (mailboxChanged) {
      await readMailboxSoon(trx, current.id, now);
      work.afterCommit.push(async () => void mailboxSaved.emit('saved'));
    }
    if (Object.keys(changes).length === 0 && !mailboxChanged) return saved;
    const row = { ...current, ...changes, updated_at: nextVersion(current.updated_at, now) };
    await trx.updateTable('organizations').set(row).where('id', '=', current.id).execute();
    const updated = organizationCodec.decode(row);
    const object = organizationResource(updated, '', await mailboxViewOf(trx, current.id));
    const previous = previousAttributes(organizationResource(saved, '', mailboxBefore), object);
    if (Object.keys(previous).length > 0) {
      await recordChange(trx, {
        organizationId: current.id,
        type: 'organization.updated',
        object,
        previousAttributes: previous,
        now,
      });
    }
    if (changes.timezone !== undefined) {
      const scheduled = await trx
        .selectFrom('installments')
        .select('booking_id')
        .distinct()
        .where('organization_id', '=', current.id)
        .execute();
      // Days before an event count in the new zone: each schedule is kept again.
      for (const row of scheduled) touchBooking(work, row.booking_id, { schedule: true });
    }
    return updated;
  },
};
