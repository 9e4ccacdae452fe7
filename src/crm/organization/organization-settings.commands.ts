/**
 * Settings of an organization that the API's organization resource does not carry, as units of
 * work: admins only. The From address its mail is sent with (Settings → Outgoing mail, judged
 * by src/mail/from-address.ts before it comes here) and whether assistants that registered
 * themselves may be granted it (Settings → Developers, SPEC §16).
 */
import type { Command, Who } from '../../writes/unit-of-work.js';

/** A From address as Settings → Outgoing mail reads it; null goes back to the installation's. */
export interface MailFromInput {
  from: { name: string; address: string } | null;
}

const ADMINS: Who = { admins: "Only the organization's admins may change its settings." };

export const setMailFrom: Command<MailFromInput, void> = {
  who: ADMINS,
  async run({ trx, actor }, { from }) {
    await trx
      .updateTable('organizations')
      .set({ mail_from_name: from?.name || null, mail_from_address: from?.address ?? null })
      .where('id', '=', actor.organizationId)
      .execute();
  },
};

export const setAssistantRegistration: Command<{ on: boolean }, void> = {
  who: ADMINS,
  async run({ trx, actor }, { on }) {
    await trx
      .updateTable('organizations')
      .set({ assistant_registration: on ? 1 : 0 })
      .where('id', '=', actor.organizationId)
      .execute();
  },
};
