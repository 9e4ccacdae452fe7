/**
 * What reading a venue's mailbox came to (SPEC §17), kept by the server's own door: `connected`
 * with no error once a read went through; `failing` with the server's own words; and after three
 * refused logins in a row `paused` — read no more until an admin saves the mailbox again — with
 * word to each of the organization's admins. A change of state is a change of the organization's
 * settings (its version moves, `organization.updated` tells it); a read that changes nothing but
 * when it happened is kept quietly.
 */
import { recordChange } from '../../changes/record-change.js';
import { previousAttributes } from '../../crm/change-events.js';
import { organizationCodec } from '../../crm/organization/organization.codec.js';
import { organizationResource } from '../../crm/organization/organization.resource.js';
import { nextVersion } from '../../crm/records.js';
import { isoTime } from '../../clock.js';
import { SYSTEM_ACTIONS } from '../../policy/system.policy.js';
import type { Command } from '../../writes/unit-of-work.js';
import { queueMail } from '../outbox.js';
import { mailboxView } from './mailbox-settings.js';
import type { MailboxState } from './mailbox.table.js';

/** Refused logins in a row that pause a mailbox. */
export const REFUSED_LOGINS_TO_PAUSE = 3;

export interface MailboxOutcome {
  /** The server's words, or null when the read went through. */
  error: string | null;
  refusedLogin: boolean;
  /** When the read went through (null: it did not). */
  readAt: string | null;
  /** Whether an SMTP server sends the word to the admins (else it waits in the outbox). */
  sending?: boolean;
}

export const noteMailboxState: Command<MailboxOutcome, MailboxState | undefined> = {
  action: SYSTEM_ACTIONS.mailbox_state,
  async run(work, outcome) {
    const { trx, actor, now } = work;
    const organizationId = actor.organizationId;
    const mailbox = await trx
      .selectFrom('mailboxes')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!mailbox) return undefined;
    const refused = outcome.refusedLogin
      ? mailbox.refused_logins + 1
      : outcome.error === null
        ? 0
        : mailbox.refused_logins;
    const state: MailboxState =
      outcome.error === null ? 'connected' : refused >= REFUSED_LOGINS_TO_PAUSE ? 'paused' : 'failing';
    const changed = state !== mailbox.state || outcome.error !== mailbox.last_error;
    const updated = {
      ...mailbox,
      state,
      last_error: outcome.error,
      refused_logins: refused,
      read_at: outcome.readAt ?? mailbox.read_at,
      updated_at: changed ? isoTime(now) : mailbox.updated_at,
    };
    await trx.updateTable('mailboxes').set(updated).where('organization_id', '=', organizationId).execute();
    if (!changed) return state;
    const organization = await trx
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    const moved = { ...organization, updated_at: nextVersion(organization.updated_at, now) };
    await trx
      .updateTable('organizations')
      .set({ updated_at: moved.updated_at })
      .where('id', '=', organizationId)
      .execute();
    const object = organizationResource(organizationCodec.decode(moved), '', mailboxView(updated));
    await recordChange(trx, {
      organizationId,
      type: 'organization.updated',
      object,
      previousAttributes: previousAttributes(
        organizationResource(organizationCodec.decode(organization), '', mailboxView(mailbox)),
        object,
      ),
      now,
    });
    if (state === 'paused' && mailbox.state !== 'paused') {
      const admins = await trx
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['users.email', 'users.name'])
        .where('memberships.organization_id', '=', organizationId)
        .where('memberships.role', '=', 'admin')
        .orderBy('users.id')
        .execute();
      for (const admin of admins) {
        await queueMail(
          trx,
          {
            organizationId,
            kind: 'mailbox',
            to: { address: admin.email, name: admin.name },
            subject: `${organization.name}: the mailbox ${mailbox.address} is paused`,
            text: [
              `Marquee could not log in to the mailbox ${mailbox.address} (${mailbox.host}) three times in a row, so it has stopped reading it.`,
              '',
              `The server said: ${outcome.error ?? ''}`,
              '',
              'Replies from clients are not filed on their bookings until the mailbox is read again. Check its user name and password (an app password, if the provider asks for one) under Settings → E-mail and save it: reading starts again at once.',
            ].join('\n'),
          },
          { now, sending: outcome.sending ?? false },
        );
      }
    }
    return state;
  },
};
