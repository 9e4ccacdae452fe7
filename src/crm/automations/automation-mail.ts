/**
 * A `send_email` step (SPEC §18): the template written for the booking (rendered before the
 * step's unit of work, on the rendering threads), sent to the client as a message of the
 * booking's conversation (§17: its Reply-To files the answer beside it), or to the venue's own
 * people (the booking's owner, the admins, a named member) as a mail of the outbox, which names the
 * automation and the booking before the template's words (the client's letter the shipped
 * confirmation of a signed proposal also sends the owner reads as a notice of it). A step that
 * requires approval keeps the drafted mail on its run instead, for a member to send or skip.
 */
import type { Trx } from '../../db/database.js';
import { type MailAddress, queueMail } from '../../mail/outbox.js';
import { attemptOf } from '../../writes/refusal.js';
import {
  findEmailTemplate,
  renderEmailTemplate,
  type RenderedEmail,
  type RenderingContext,
} from '../email-templates/index.js';
import { clientMailBody, queueConversationMail } from '../messages/index.js';
import type { Recipient } from './automation-shapes.js';

/** The mail a step drafted: who, what, and whether it goes to the client's conversation. */
export interface Draft {
  to: string[];
  names: string[];
  subject: string;
  text: string;
  audience: 'client' | 'staff';
}

/** The template written for the booking, or why it cannot be. */
export async function renderStepMail(
  ctx: RenderingContext,
  organizationId: string,
  templateId: string,
  bookingId: string,
): Promise<{ mail: RenderedEmail } | { problem: string }> {
  const template = await findEmailTemplate(ctx, organizationId, templateId);
  if (!template) return { problem: 'Its e-mail template was deleted.' };
  const rendered = await attemptOf(() => renderEmailTemplate(ctx, template.value, bookingId));
  if (!rendered.ok)
    return { problem: rendered.refusal.problems.map((p) => p.detail).join(' ') || 'The template failed.' };
  if (!rendered.value) return { problem: 'The booking is gone.' };
  return { mail: rendered.value };
}

/** Who a step's mail goes to, for the booking; none when there is nobody to write to. */
export async function recipientsOf(
  trx: Trx,
  organizationId: string,
  bookingId: string,
  to: Recipient,
): Promise<MailAddress[]> {
  if (to === 'client') {
    const contact = await trx
      .selectFrom('bookings as b')
      .innerJoin('contacts as c', 'c.id', 'b.contact_id')
      .select(['c.email', 'c.first_name', 'c.last_name'])
      .where('b.organization_id', '=', organizationId)
      .where('b.id', '=', bookingId)
      .executeTakeFirst();
    if (!contact?.email) return [];
    return [{ address: contact.email, name: `${contact.first_name} ${contact.last_name}`.trim() }];
  }
  let members = trx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.email', 'u.name'])
    .where('m.organization_id', '=', organizationId);
  if (to === 'admins') members = members.where('m.role', '=', 'admin');
  else if (to === 'owner')
    members = members.where('m.user_id', '=', (eb) =>
      eb.selectFrom('bookings').select('owner_id').where('id', '=', bookingId),
    );
  else members = members.where('m.user_id', '=', to.member_id);
  const rows = await members.orderBy('u.email').execute();
  return rows.map((row) => ({ address: row.email, name: row.name }));
}

/** The run a mail is sent for: its organization, booking and automation. */
export interface SendingFacts {
  organizationId: string;
  bookingId: string;
  automationId: string;
  sending: boolean;
  now: number;
}

/** A mail to the venue's own people, headed by the automation and the booking it is about. */
async function staffNotice(trx: Trx, facts: SendingFacts, draft: Draft) {
  const [booking, automation] = await Promise.all([
    trx
      .selectFrom('bookings')
      .select(['name', 'reference'])
      .where('organization_id', '=', facts.organizationId)
      .where('id', '=', facts.bookingId)
      .executeTakeFirst(),
    trx
      .selectFrom('automations')
      .select('name')
      .where('organization_id', '=', facts.organizationId)
      .where('id', '=', facts.automationId)
      .executeTakeFirst(),
  ]);
  if (!booking) return { subject: draft.subject, text: draft.text };
  const by = automation ? `The automation “${automation.name}”` : 'An automation';
  return {
    subject: `${booking.reference}: ${draft.subject}`,
    text: `${by} wrote this for ${booking.name} (${booking.reference}):\n\n${draft.text}`,
  };
}

/** Sends a drafted mail; the id of the conversation's message it made, for the client's. */
export async function sendDraft(trx: Trx, facts: SendingFacts, draft: Draft): Promise<string | undefined> {
  const { organizationId, bookingId, sending, now } = facts;
  const to = draft.to.map((address, i) => ({ address, name: draft.names[i] ?? '' }));
  if (draft.audience === 'client') {
    const organization = await trx
      .selectFrom('organizations')
      .select(['name', 'mail_from_name'])
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    const venue = organization.mail_from_name || organization.name;
    const [first, ...others] = to;
    const message = await queueConversationMail(
      trx,
      bookingId,
      {
        organizationId,
        kind: 'conversation',
        to: first!,
        subject: draft.subject,
        ...clientMailBody(venue, draft.text),
      },
      { now, sending, alsoTo: others },
    );
    return message.id;
  }
  const notice = await staffNotice(trx, facts, draft);
  for (const person of to)
    await queueMail(
      trx,
      { organizationId, kind: 'automation', to: person, subject: notice.subject, text: `${notice.text}\n` },
      { now, sending },
    );
  return undefined;
}
