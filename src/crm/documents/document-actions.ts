/**
 * What is done to a document (SPEC §13), each a unit of work holding the organization's lock:
 * - send (a proposal): the PDF is kept as sent (the bytes its client sees and accepts, from the
 *   first send on), a new 30-day link is made, and an e-mail with it queued to the booking's
 *   contact, all in one transaction; the link is returned this once. The older versions still
 *   open are withdrawn in the same transaction (replaced): a client can accept only the newest
 *   terms sent, never cheaper ones sent before. An older version is not sent after a newer one;
 * - issue (an invoice): the next invoice number is taken under the lock and the PDF, with that
 *   number, kept for good; a BEO is issued the same way, without a number (final, unmarked);
 * - void: nothing more can be done with it; its links stop; an invoice keeps its number;
 * - revoke a link: that link stops.
 * PDFs are made on the rendering thread before the unit of work, so no lock waits on a render;
 * an issue whose number another issue took meanwhile renders again under the lock (rare).
 */
import { isoTime } from '../../clock.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { queueMail } from '../../mail/outbox.js';
import type { Command, Work } from '../../writes/unit-of-work.js';
import { recordUpdated } from '../change-events.js';
import { contactName } from '../contacts/contact.reads.js';
import { refreshSchedule } from '../payments/schedule-keeping.js';
import { recordToChange, updateRecord } from '../records.js';
import { clientMailFor } from './client-recipient.js';
import { proposalMail } from './client-mail.js';
import { keepFile } from './document-files.js';
import { makeLink, revokeLinksOf } from './document-links.js';
import type { IssuedStamp } from './document-model.js';
import { actionRefusal, clientRefusal } from './document-rules.js';
import { dayOf } from './document-words.js';
import { refuse } from './document.commands.js';
import { documentDefinition } from './document.resource.js';
import type { DocumentRow } from './document.table.js';
import { takeInvoiceNumber } from './invoice-numbers.js';
import { DOCUMENT_ACTIONS } from './document.policy.js';

interface Target {
  id: string;
  ifMatch?: string | undefined;
}

async function changeDocument(
  work: Work,
  current: DocumentRow,
  changes: Partial<DocumentRow>,
): Promise<DocumentRow> {
  const updated = await updateRecord(work.trx, 'documents', current, changes, work.now);
  await recordUpdated(work.trx, documentDefinition, current, updated, work.now);
  return updated;
}

export interface SendInput extends Target {
  /** The draft's PDF, rendered from its model; kept when the proposal is sent the first time. */
  pdf: Uint8Array | undefined;
  /** Where links lead: `<BASE_URL>/p/`. */
  portal: string;
  /** Whether an SMTP server sends the e-mail (else it is kept in the outbox). */
  sending: boolean;
}

export interface Sent {
  document: DocumentRow;
  /** The link, shown this once (only its hash is kept). */
  shareUrl: string;
  expiresAt: string;
}

/**
 * The document an action names, at the version it was read (404, 412), refused when the action
 * cannot be taken on it now or by this actor (document-rules.ts).
 */
async function documentToAct(
  { trx, actor }: Work,
  action: 'send' | 'issue' | 'void',
  target: Target,
): Promise<DocumentRow> {
  const current = await recordToChange(
    trx,
    documentDefinition,
    actor.organizationId,
    target.id,
    target.ifMatch,
  );
  refuse(actionRefusal(action, current, actor));
  return current;
}

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
async function replaceOlderVersions(work: Work, current: DocumentRow): Promise<void> {
  const others = await otherLiveProposals(work.trx, current);
  const newer = others.find((other) => other.version > current.version);
  if (newer)
    throw new ConflictError(
      `Version ${newer.version} of this proposal was ${newer.status === 'signed' ? 'accepted' : 'sent'} since: an older version is not sent after it. Make a new version instead.`,
      'replaced',
    );
  for (const older of others)
    if (older.status === 'sent') await changeDocument(work, older, { replaced_at: isoTime(work.now) });
}

export const sendDocument: Command<SendInput, Sent> = {
  action: DOCUMENT_ACTIONS.send,
  async run(work, input) {
    const { trx, actor, now } = work;
    const current = await documentToAct(work, 'send', input);
    await replaceOlderVersions(work, current);
    const recipient = await clientMailFor(trx, current);
    if (!recipient.ok) throw new ConflictError(recipient.detail, 'no_recipient');
    let sha256 = current.sha256;
    if (current.status === 'draft') {
      // Rendered before the lock was taken, from the same stored model.
      if (!input.pdf) throw new Error('a draft is sent with its PDF');
      sha256 = await keepFile(trx, current, 'sent', input.pdf, now);
    }
    const document = await changeDocument(work, current, { status: 'sent', sha256, sent_at: isoTime(now) });
    const { token, link } = await makeLink(trx, document, now);
    const url = `${input.portal}${token}`;
    await queueMail(
      trx,
      proposalMail({
        organizationId: actor.organizationId,
        venue: recipient.venue,
        to: { address: recipient.email, name: contactName(recipient.contact) },
        greeting: recipient.contact.first_name || contactName(recipient.contact),
        bookingName: recipient.bookingName,
        reference: recipient.reference,
        url,
        expiresAt: Date.parse(link.expires_at),
        zone: recipient.zone,
        locale: recipient.locale,
      }),
      { now, sending: input.sending },
    );
    return { document, shareUrl: url, expiresAt: link.expires_at };
  },
};

export interface IssueInput extends Target {
  /** The PDF rendered before the lock, with the number and day it expected. */
  rendered: { stamp: IssuedStamp; pdf: Uint8Array } | undefined;
  /** Renders the PDF with a stamp (under the lock, when the one expected was taken meanwhile). */
  render(stamp: IssuedStamp): Promise<Uint8Array>;
}

export const issueDocument: Command<IssueInput, DocumentRow> = {
  action: DOCUMENT_ACTIONS.issue,
  async run(work, input) {
    const { trx, actor, now } = work;
    const current = await documentToAct(work, 'issue', input);
    const organization = await trx
      .selectFrom('organizations')
      .select('timezone')
      .where('id', '=', actor.organizationId)
      .executeTakeFirstOrThrow();
    const stamp: IssuedStamp = {
      number: current.kind === 'invoice' ? await takeInvoiceNumber(trx, actor.organizationId) : null,
      issuedOn: dayOf(now, organization.timezone),
    };
    const expected = input.rendered;
    const pdf =
      expected && expected.stamp.number === stamp.number && expected.stamp.issuedOn === stamp.issuedOn
        ? expected.pdf
        : await input.render(stamp);
    const sha256 = await keepFile(trx, current, 'issued', pdf, now);
    return changeDocument(work, current, {
      status: 'issued',
      number: stamp.number,
      sha256,
      issued_at: isoTime(now),
    });
  },
};

export const voidDocument: Command<Target, DocumentRow> = {
  action: DOCUMENT_ACTIONS.void,
  async run(work, input) {
    const { trx, now } = work;
    const current = await documentToAct(work, 'void', input);
    const document = await changeDocument(work, current, { status: 'void', voided_at: isoTime(now) });
    await revokeLinksOf(trx, current.id, now);
    // A proposal no longer signed: what was due on signing is no longer due.
    if (current.status === 'signed') await refreshSchedule(work, current.booking_id);
    return document;
  },
};

/** Stops one link of one of the organization's documents (404 for another's). */
export const revokeDocumentLink: Command<{ linkId: string }, void> = {
  action: DOCUMENT_ACTIONS.revoke_link,
  async run({ trx, actor, now }, { linkId }) {
    refuse(clientRefusal(actor));
    const link = await trx
      .selectFrom('document_links')
      .select(['id', 'revoked_at'])
      .where('organization_id', '=', actor.organizationId)
      .where('id', '=', linkId)
      .executeTakeFirst();
    if (!link) throw new NotFoundError(`No link has the id "${linkId}".`);
    if (link.revoked_at !== null) return;
    await trx
      .updateTable('document_links')
      .set({ revoked_at: isoTime(now) })
      .where('id', '=', link.id)
      .execute();
  },
};
