/**
 * What a message to a client will be (SPEC §17), judged before it is sent: the booking it is
 * about, to whom (the booking's contact by default, or the addresses given), cc, a subject and a
 * text, and the booking's documents attached as they were sent or issued. Every bad field is
 * found at once. The command that sends it judges it in its unit of work; a page's preview judges
 * the same way, reading only.
 */
import type { Db, Trx } from '../../db/database.js';
import type { FieldProblem } from '../../errors.js';
import { isEmailAddress } from '../../mail/inbound/mailbox-settings.js';
import type { MailAttachment } from '../../mail/outbox.js';
import { keptFile } from '../kept-pdfs.js';
import { Problems } from '../validation.js';

/** The most documents one message carries (the API's `document_ids` says the same). */
export const ATTACHED_DOCUMENTS_LIMIT = 10;

type GivenAddress = string | { name?: string | undefined; email: string };

export interface ComposeInput {
  bookingId: string | undefined;
  to?: readonly GivenAddress[] | undefined;
  cc?: readonly GivenAddress[] | undefined;
  subject: string | undefined;
  text: string | undefined;
  documentIds?: readonly string[] | undefined;
  /**
   * What the door found wrong before (an e-mail template that is unknown or cannot be written
   * for the booking: message-templates.ts), told with the message's own problems.
   */
  problems?: readonly FieldProblem[] | undefined;
}

export interface Address {
  name: string | null;
  address: string;
}

/** A message that may be sent: `to` has one address at least, the first its main recipient. */
export interface ComposedMessage {
  bookingId: string;
  to: Address[];
  cc: Address[];
  subject: string;
  text: string;
  attachments: MailAttachment[];
}

export type Composed =
  | { message: ComposedMessage; problems?: undefined }
  | { message?: undefined; problems: readonly FieldProblem[] };

function addressesOf(given: ComposeInput['to'], field: 'to' | 'cc', problems: Problems): Address[] {
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

/** The booking's documents to attach, as their kept PDFs; the ids that are none of those. */
async function attachmentsOf(
  db: Db | Trx,
  organizationId: string,
  bookingId: string | undefined,
  documentIds: readonly string[],
) {
  const attachments: MailAttachment[] = [];
  const notKept: string[] = [];
  for (const documentId of new Set(documentIds)) {
    const document =
      bookingId && !documentId.includes('\u0000')
        ? await db
            .selectFrom('documents')
            .select(['id', 'kind', 'version', 'number', 'status'])
            .where('organization_id', '=', organizationId)
            .where('booking_id', '=', bookingId)
            .where('id', '=', documentId)
            .executeTakeFirst()
        : undefined;
    const file =
      document && ((await keptFile(db, document.id, 'issued')) ?? (await keptFile(db, document.id, 'sent')));
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
  return { attachments, notKept };
}

export async function composeMessage(
  db: Db | Trx,
  organizationId: string,
  input: ComposeInput,
): Promise<Composed> {
  const problems = new Problems();
  for (const problem of input.problems ?? []) problems.add(problem);
  const booking = input.bookingId
    ? await db
        .selectFrom('bookings')
        .select(['id', 'contact_id'])
        .where('organization_id', '=', organizationId)
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
  // A browser sends a textarea's lines with CRLF: one kind of line break, for the text and its HTML.
  const text = (input.text ?? '').replace(/\r\n?/g, '\n').trim();
  if (text === '') problems.attribute('text', 'A message needs some text.', 'required');
  else if (text.length > 100_000) problems.attribute('text', 'A message is at most 100,000 characters.');
  problems.text('text', text, 'lines');
  let to = addressesOf(input.to, 'to', problems);
  const cc = addressesOf(input.cc, 'cc', problems);
  if (booking && input.to === undefined) {
    const contact = booking.contact_id
      ? await db
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
  // As `POST /v2/messages` caps them (every door the same): a longer list is refused before any
  // document is read, so a form cannot make one message read thousands of PDFs.
  const documentIds = input.documentIds ?? [];
  const tooMany = documentIds.length > ATTACHED_DOCUMENTS_LIMIT;
  if (tooMany)
    problems.add({
      field: 'document_ids',
      detail: `Attach at most ${ATTACHED_DOCUMENTS_LIMIT} documents to one message.`,
      code: 'invalid_value',
      source: { pointer: '/data/attributes/document_ids' },
    });
  const { attachments, notKept } = tooMany
    ? { attachments: [], notKept: [] }
    : await attachmentsOf(db, organizationId, booking?.id, documentIds);
  if (notKept.length > 0)
    problems.add({
      field: 'document_ids',
      detail: `${notKept.map((id) => `"${id}"`).join(', ')}: only the booking's documents that were sent or issued can be attached.`,
      code: 'invalid_value',
      source: { pointer: '/data/attributes/document_ids' },
    });
  if (problems.list.length > 0 || !booking) return { problems: problems.list };
  return { message: { bookingId: booking.id, to, cc, subject, text, attachments } };
}
