/**
 * Sending a document to its client (SPEC §13), a unit of work holding the organization's lock:
 * - a proposal: the PDF is kept as sent (the bytes its client sees and accepts, from the first
 *   send on), a new 30-day link is made, and an e-mail with it queued to the booking's contact,
 *   all in one transaction; the link is returned this once. The older versions still open are
 *   withdrawn in the same transaction (replaced): a client can accept only the newest terms sent,
 *   never cheaper ones sent before. An older version is not sent after a newer one;
 * - an issued invoice: the e-mail carries the PDF as issued and a new 30-day link to the client's
 *   page of it, which shows the balance; sending again is a resend: a new link and e-mail, the
 *   number and the kept bytes untouched. `sent_at` says when it last went.
 * An organization at the operator's bound of mail to clients an hour (MAIL_PER_HOUR) is refused
 * first (429 too_many_messages), as a message written to the client is.
 * A draft proposal's PDF is made on the rendering thread before the unit of work. Every refusal
 * of the document's own rules is returned (src/writes/refusal.ts).
 */
import { isoTime } from '../../clock.js';
import { isRefusal, refuse, type Refusal } from '../../writes/refusal.js';
import { queueConversationMail } from '../messages/conversation-mail.js';
import { mailPerHourRefusal } from '../messages/mail-per-hour.js';
import type { Command, Work } from '../../writes/unit-of-work.js';
import { contactName } from '../contacts/index.js';
import { type ClientMail, invoiceMail, proposalMail } from './client-mail.js';
import { clientMailFor } from './client-recipient.js';
import { changeDocument, documentToAct, type Target } from './document-change.js';
import { keepFile, keptFile } from './document-files.js';
import { makeLink } from './document-links.js';
import { moneyText } from './document-words.js';
import { DOCUMENT_ACTIONS } from './document.policy.js';
import type { DocumentRow } from './document.table.js';

export interface SendInput extends Target {
  /** A draft proposal's PDF, rendered from its model; kept when the proposal is sent the first time. */
  pdf: Uint8Array | undefined;
  /** Where links lead: `<BASE_URL>/p/`. */
  portal: string;
  /** Whether an SMTP server sends the e-mail (else it is kept in the outbox). */
  sending: boolean;
  /** The most messages to clients the organization may send in any hour (config.mailPerHour). */
  mailPerHour: number;
}

export interface Sent {
  document: DocumentRow;
  /** The link, shown this once (only its hash is kept). */
  shareUrl: string;
  expiresAt: string;
  /** Who the e-mail went to: the booking's contact, by name and address. */
  to: { name: string; address: string };
}

/** An invoice's link opens its client's page at the payments and the balance. */
const BALANCE_ANCHOR = '#payments';

/** The booking's proposals of other versions that are open (sent, not replaced) or signed. */
function otherLiveProposals(trx: Work['trx'], current: DocumentRow) {
  return trx
    .selectFrom('documents')
    .selectAll()
    .where('booking_id', '=', current.booking_id)
    .where('kind', '=', 'proposal')
    .where('id', '!=', current.id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'signed'),
        eb.and([eb('status', '=', 'sent'), eb('replaced_at', 'is', null)]),
      ]),
    )
    .orderBy('version')
    .execute();
}

/** Withdraws the older open versions of a proposal being sent; refuses when a newer one left the venue. */
async function replaceOlderVersions(work: Work, current: DocumentRow): Promise<Refusal | undefined> {
  const others = await otherLiveProposals(work.trx, current);
  const newer = others.find((other) => other.version > current.version);
  if (newer)
    return refuse({
      status: 409,
      code: 'replaced',
      detail: `Version ${newer.version} of this proposal was ${newer.status === 'signed' ? 'accepted' : 'sent'} since: an older version is not sent after it. Make a new version instead.`,
    });
  for (const older of others)
    if (older.status === 'sent') await changeDocument(work, older, { replaced_at: isoTime(work.now) });
  return undefined;
}

export const sendDocument: Command<SendInput, Sent | Refusal> = {
  action: DOCUMENT_ACTIONS.send,
  async run(work, input) {
    const { trx, actor, now } = work;
    const current = await documentToAct(work, 'send', input);
    if (isRefusal(current)) return current;
    // Refused before anything changes: nothing is kept, linked or queued.
    const full = await mailPerHourRefusal(trx, actor.organizationId, { limit: input.mailPerHour, now });
    if (full) return full;
    const invoice = current.kind === 'invoice';
    const replaced = invoice ? undefined : await replaceOlderVersions(work, current);
    if (replaced) return replaced;
    const recipient = await clientMailFor(trx, current);
    if (!recipient.ok) return refuse({ status: 409, code: 'no_recipient', detail: recipient.detail });
    let sha256 = current.sha256;
    if (current.status === 'draft') {
      // Rendered before the lock was taken, from the same stored model.
      if (!input.pdf) throw new Error('a draft is sent with its PDF');
      sha256 = await keepFile(trx, current, 'sent', input.pdf, now);
    }
    // An invoice stays issued, its number and bytes as they were: only when it went changes.
    const document = await changeDocument(
      work,
      current,
      invoice ? { sent_at: isoTime(now) } : { status: 'sent', sha256, sent_at: isoTime(now) },
    );
    const { token, link } = await makeLink(trx, document, now);
    const to = { address: recipient.email, name: contactName(recipient.contact) };
    const mail: ClientMail = {
      organizationId: actor.organizationId,
      venue: recipient.venue,
      to,
      greeting: recipient.contact.firstName || contactName(recipient.contact),
      bookingName: recipient.bookingName,
      reference: recipient.reference,
      url: `${input.portal}${token}${invoice ? BALANCE_ANCHOR : ''}`,
      expiresAt: Date.parse(link.expires_at),
      zone: recipient.zone,
      locale: recipient.locale,
    };
    await queueConversationMail(
      trx,
      document.booking_id,
      invoice ? await invoiceMailOf(trx, document, mail) : proposalMail(mail),
      { now, sending: input.sending },
    );
    return { document, shareUrl: mail.url, expiresAt: link.expires_at, to };
  },
};

/** An issued invoice's e-mail: its PDF as issued, and the booking's balance as it stands. */
async function invoiceMailOf(trx: Work['trx'], document: DocumentRow, mail: ClientMail) {
  const [issued, booking] = await Promise.all([
    keptFile(trx, document.id, 'issued'),
    trx
      .selectFrom('bookings')
      .select(['grand_total', 'paid_total', 'currency'])
      .where('id', '=', document.booking_id)
      .executeTakeFirstOrThrow(),
  ]);
  if (!issued || !document.number || !document.issued_at) throw new Error('an issued invoice has its PDF');
  const balance = Number(booking.grand_total) - Number(booking.paid_total);
  return invoiceMail({
    ...mail,
    number: document.number,
    issuedAt: document.issued_at,
    balanceDue: balance > 0 ? moneyText(balance, booking.currency, mail.locale) : undefined,
    pdf: issued.bytes,
  });
}
