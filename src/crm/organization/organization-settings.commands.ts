/**
 * Settings of an organization that the API's organization resource does not carry, as units of
 * work: admins only. The From address its mail is sent with (Settings → Outgoing mail, judged
 * by src/mail/from-address.ts before it comes here) and whether assistants that registered
 * themselves may be granted it (Settings → Developers, SPEC §16).
 */
import type { Command } from '../../writes/unit-of-work.js';
import { ORGANIZATION_ACTIONS } from './organization.policy.js';

/** A From address as Settings → Outgoing mail reads it; null goes back to the installation's. */
export interface MailFromInput {
  from: { name: string; address: string } | null;
}

export const setMailFrom: Command<MailFromInput, void> = {
  action: ORGANIZATION_ACTIONS.set_mail_from,
  async run({ trx, actor }, { from }) {
    await trx
      .updateTable('organizations')
      .set({ mail_from_name: from?.name || null, mail_from_address: from?.address ?? null })
      .where('id', '=', actor.organizationId)
      .execute();
  },
};

export const setAssistantRegistration: Command<{ on: boolean }, void> = {
  action: ORGANIZATION_ACTIONS.set_assistant_registration,
  async run({ trx, actor }, { on }) {
    await trx
      .updateTable('organizations')
      .set({ assistant_registration: on ? 1 : 0 })
      .where('id', '=', actor.organizationId)
      .execute();
  },
};
