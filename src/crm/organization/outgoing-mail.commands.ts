/**
 * What an admin does under Settings → Outgoing mail besides its From address (SPEC §13), as units
 * of work: a test message to oneself, and a failed or kept message sent again. Each is judged by
 * the policy (admins only) and commits with the organization's lock held, its `mail.send` job
 * queued in the same transaction.
 */
import { queueMail, sendAgain } from '../../mail/outbox.js';
import type { Command } from '../../writes/command.js';
import { refuse, type Refusal } from '../../writes/refusal.js';
import { ORGANIZATION_ACTIONS } from './organization.policy.js';

/** Whether an SMTP server is configured to send what is queued (else it is kept in the outbox). */
export interface Sending {
  sending: boolean;
}

/** A test message from the acting member to their own address, in the organization's name. */
export const sendTestMail: Command<Sending, undefined | Refusal> = {
  action: ORGANIZATION_ACTIONS.send_test_mail,
  async run({ trx, actor, now }, { sending }) {
    const [user, organization] = await Promise.all([
      actor.userId === null
        ? undefined
        : trx.selectFrom('users').select(['email', 'name']).where('id', '=', actor.userId).executeTakeFirst(),
      trx
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', actor.organizationId)
        .executeTakeFirst(),
    ]);
    if (!user || !organization) return NO_ADDRESS;
    await queueMail(
      trx,
      {
        organizationId: actor.organizationId,
        kind: 'test',
        to: { address: user.email, name: user.name },
        subject: `Test message from ${organization.name}`,
        text: `${user.name} sent this test message from Settings → Outgoing mail of ${organization.name}.\n\nIf you can read it, the venue's e-mail reaches its clients' inboxes as it reaches yours.\n`,
      },
      { now, sending: sending === true },
    );
    return undefined;
  },
};

/** A failed message, or one kept in the outbox, due now with a fresh set of retries. */
export const sendMailAgain: Command<{ id: string }, undefined | Refusal> = {
  action: ORGANIZATION_ACTIONS.send_mail_again,
  async run({ trx, actor, now }, { id }) {
    if (typeof id !== 'string') return NO_SUCH_MAIL;
    return (await sendAgain(trx, actor.organizationId, id, now)) ? undefined : NO_SUCH_MAIL;
  },
};

const NO_ADDRESS = refuse({
  status: 409,
  code: 'no_address',
  detail: 'A test message goes to a member of the organization.',
});

const NO_SUCH_MAIL = refuse({
  status: 404,
  code: 'not_found',
  detail: 'There is no failed or kept message with this id.',
});
