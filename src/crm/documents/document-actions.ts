/**
 * What is done to a document (SPEC §13), each a unit of work holding the organization's lock:
 * - send (a proposal or an issued invoice): document-sending.ts;
 * - issue (an invoice): the next invoice number is taken under the lock and the PDF, with that
 *   number, kept for good; a BEO is issued the same way, without a number (final, unmarked);
 * - void: nothing more can be done with it; its links stop; an invoice keeps its number;
 * - revoke a link: that link stops.
 * Each returns its refusal (src/writes/refusal.ts) instead of what it made.
 * PDFs are made on the rendering thread before the unit of work, so no lock waits on a render;
 * an issue whose number another issue took meanwhile renders again under the lock (rare).
 */
import { isoTime } from '../../clock.js';
import { organizationLocale } from '../../locale.js';
import { isRefusal, refuse, type Refusal } from '../../writes/refusal.js';
import type { Command } from '../../writes/unit-of-work.js';
import { touchBooking } from '../bookings/aggregate.js';
import { changeDocument, documentToAct, type Target } from './document-change.js';
import { keepFile } from './document-files.js';
import { revokeLinksOf } from './document-links.js';
import type { IssuedStamp } from './document-model.js';
import { clientRefusal } from './document-rules.js';
import { dayOf } from './document-words.js';
import type { DocumentRow } from './document.table.js';
import { takeInvoiceNumber } from './invoice-numbers.js';
import { DOCUMENT_ACTIONS } from './document.policy.js';

export { sendDocument, type SendInput, type Sent } from './document-sending.js';

export interface IssueInput extends Target {
  /** The PDF rendered before the lock, with the number and day it expected. */
  rendered: { stamp: IssuedStamp; pdf: Uint8Array } | undefined;
  /** Renders the PDF with a stamp (under the lock, when the one expected was taken meanwhile). */
  render(stamp: IssuedStamp): Promise<Uint8Array>;
}

export const issueDocument: Command<IssueInput, DocumentRow | Refusal> = {
  action: DOCUMENT_ACTIONS.issue,
  async run(work, input) {
    const { trx, actor, now } = work;
    const current = await documentToAct(work, 'issue', input);
    if (isRefusal(current)) return current;
    const organization = await trx
      .selectFrom('organizations')
      .select(['timezone', 'locale'])
      .where('id', '=', actor.organizationId)
      .executeTakeFirstOrThrow();
    const stamp: IssuedStamp = {
      number: current.kind === 'invoice' ? await takeInvoiceNumber(trx, actor.organizationId) : null,
      issuedOn: dayOf(now, organization.timezone, organizationLocale(organization)),
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

export const voidDocument: Command<Target, DocumentRow | Refusal> = {
  action: DOCUMENT_ACTIONS.void,
  async run(work, input) {
    const { trx, now } = work;
    const current = await documentToAct(work, 'void', input);
    if (isRefusal(current)) return current;
    const document = await changeDocument(work, current, { status: 'void', voided_at: isoTime(now) });
    await revokeLinksOf(trx, current.id, now);
    // A proposal no longer signed: what was due on signing is no longer due.
    if (current.status === 'signed') touchBooking(work, current.booking_id, { schedule: true });
    return document;
  },
};

/** Stops one link of one of the organization's documents (404 for another's). */
export const revokeDocumentLink: Command<{ linkId: string }, undefined | Refusal> = {
  action: DOCUMENT_ACTIONS.revoke_link,
  async run({ trx, actor, now }, { linkId }) {
    const client = clientRefusal(actor);
    if (client) return client;
    const link = await trx
      .selectFrom('document_links')
      .select(['id', 'revoked_at'])
      .where('organization_id', '=', actor.organizationId)
      .where('id', '=', linkId)
      .executeTakeFirst();
    if (!link) return refuse({ status: 404, code: 'not_found', detail: `No link has the id "${linkId}".` });
    if (link.revoked_at !== null) return undefined;
    await trx
      .updateTable('document_links')
      .set({ revoked_at: isoTime(now) })
      .where('id', '=', link.id)
      .execute();
    return undefined;
  },
};
