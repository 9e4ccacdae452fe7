/**
 * Writing to a client from a booking (SPEC §17, `POST /v2/messages`): to the booking's contact by
 * default, or the addresses given; a subject and a text (the HTML part is made from it, to fit a
 * phone); the booking's documents attached as they were sent or issued. It is queued with the
 * outbox and shows on the booking at once; its Reply-To is the booking's conversation address.
 */
import { ValidationError, type FieldProblem } from '../../errors.js';
import { htmlMail } from '../../mail/html-mail.js';
import type { MailAttachment } from '../../mail/outbox.js';
import { isEmailAddress } from '../../mail/inbound/mailbox-settings.js';
import type { Command } from '../../writes/unit-of-work.js';
import { keptFile } from '../documents/document-files.js';
import { Problems } from '../validation.js';
import { queueConversationMail } from './conversation-mail.js';
import { MESSAGE_ACTIONS } from './message.policy.js';
import type { Message } from './message.value.js';

export interface SendInput {
  bookingId: string | undefined;
  to?: ReadonlyArray<string | { name?: string | undefined; email: string }> | undefined;
  cc?: ReadonlyArray<string | { name?: string | undefined; email: string }> | undefined;
  subject: string | undefined;
  text: string | undefined;
  documentIds?: readonly string[] | undefined;
  /** Whether an SMTP server sends it (else it waits in the outbox). */
  sending: boolean;
}

type Address = { name: string | null; address: string };

function addressesOf(given: SendInput['to'], field: 'to' | 'cc', problems: Problems): Address[] {
  const list = (given ?? []).map((a) => (typeof a === 'string' ? { email: a } : a));
  const bad = list.filter((a) => !isEmailAddress(a.email.trim()));
  if (bad.length > 0)
    problems.attribute(
      field,
      `${bad.map((a) => `"${a.email}"`).join(', ')} ${bad.length === 1 ? 'is not an e-mail address' : 'are not e-mail addresses'}.`,
    );
  for (const a of list) problems.text(field, a.name, 'name');
  return list.map((a) => ({ name: a.name?.trim() || null, address: a.email.trim() }));
}

export const sendMessage: Command<SendInput, Message> = {
  action: MESSAGE_ACTIONS.send,
  lock: 'shared',
  async run({ trx, actor, now }, input) {
    const problems = new Problems();
    const booking = input.bookingId
      ? await trx
          .selectFrom('bookings')
          .select(['id', 'contact_id'])
          .where('organization_id', '=', actor.organizationId)
          .where('id', '=', input.bookingId)
          .executeTakeFirst()
      : undefined;
    if (!booking)
      problems.relationship(
        'booking',
        input.bookingId
          ? `No booking of this organization has the id "${input.bookingId}".`
          : 'A message is written on a booking.',
        input.bookingId ? 'invalid_relationship' : 'required',
      );
    const subject = (input.subject ?? '').trim();
    if (subject === '') problems.attribute('subject', 'A message needs a subject.', 'required');
    else if (subject.length > 200) problems.attribute('subject', 'A subject is at most 200 characters.');
    problems.text('subject', subject);
    const text = (input.text ?? '').trim();
    if (text === '') problems.attribute('text', 'A message needs some text.', 'required');
    else if (text.length > 100_000) problems.attribute('text', 'A message is at most 100,000 characters.');
    problems.text('text', text, 'lines');
    let to = addressesOf(input.to, 'to', problems);
    const cc = addressesOf(input.cc, 'cc', problems);
    if (booking && input.to === undefined) {
      const contact = booking.contact_id
        ? await trx
            .selectFrom('contacts')
            .select(['first_name', 'last_name', 'email'])
            .where('id', '=', booking.contact_id)
            .executeTakeFirst()
        : undefined;
      if (!contact?.email)
        problems.attribute(
          'to',
          'The booking’s contact has no e-mail address: say whom to write to.',
          'required',
        );
      else
        to = [
          {
            name: [contact.first_name, contact.last_name].filter(Boolean).join(' ') || null,
            address: contact.email,
          },
        ];
    } else if (input.to !== undefined && to.length === 0) {
      problems.attribute('to', 'Write to at least one address.', 'required');
    }
    if (to.length + cc.length > 20) problems.attribute('to', 'Write to at most 20 addresses at once.');
    const attachments: MailAttachment[] = [];
    const notKept: string[] = [];
    for (const documentId of new Set(input.documentIds ?? [])) {
      const document = booking
        ? await trx
            .selectFrom('documents')
            .select(['id', 'kind', 'version', 'number', 'status'])
            .where('organization_id', '=', actor.organizationId)
            .where('booking_id', '=', booking.id)
            .where('id', '=', documentId)
            .executeTakeFirst()
        : undefined;
      const file =
        document &&
        ((await keptFile(trx, document.id, 'issued')) ?? (await keptFile(trx, document.id, 'sent')));
      if (!document || !file) {
        notKept.push(documentId);
        continue;
      }
      const name = document.number ?? `${document.kind} ${document.version}`;
      attachments.push({
        filename: `${name.charAt(0).toUpperCase()}${name.slice(1)}.pdf`.replace(/[^\w .-]/g, '_'),
        contentType: 'application/pdf',
        bytes: file.bytes,
      });
    }
    if (notKept.length > 0)
      problems.add({
        field: 'document_ids',
        detail: `${notKept.map((id) => `"${id}"`).join(', ')}: only the booking's documents that were sent or issued can be attached.`,
        code: 'invalid_value',
        source: { pointer: '/data/attributes/document_ids' },
      } satisfies FieldProblem);
    if (problems.list.length > 0) throw new ValidationError(problems.list);
    const organization = await trx
      .selectFrom('organizations')
      .select(['name', 'mail_from_name'])
      .where('id', '=', actor.organizationId)
      .executeTakeFirstOrThrow();
    const venue = organization.mail_from_name || organization.name;
    const paragraphs = text
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter(Boolean);
    const [first, ...others] = to;
    return queueConversationMail(
      trx,
      booking!.id,
      {
        organizationId: actor.organizationId,
        kind: 'conversation',
        to: first!,
        subject,
        text: `${text}\n`,
        html: htmlMail({ sender: venue, paragraphs, notes: [] }),
        attachments,
      },
      { now, sending: input.sending, cc: [...others, ...cc] },
    );
  },
};
