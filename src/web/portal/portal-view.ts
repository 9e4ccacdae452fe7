/**
 * What the client's page shows, read for one visit: the document's model (as the PDF shows it),
 * its logo, the signature once accepted, and the booking's schedule and balance as they stand
 * now (resolved and kept by the schedule; never worked out here).
 */
import {
  clockOf,
  dayOf,
  type DocumentLink,
  type DocumentValue,
  installmentDue,
  moneyText,
  pdfRequestOf,
  signaturesOf,
  STATE_WORDS,
  stillToPay,
} from '../../crm/documents/index.js';
import { findBookingValue } from '../../crm/bookings/index.js';
import { organizationOf } from '../../crm/organization/index.js';
import { scheduleOf } from '../../crm/payments/index.js';
import type { Db } from '../../db/database.js';
import { organizationLocale } from '../../locale.js';
import type { PortalView } from './portal.page.js';

export async function portalView(
  db: Db,
  found: { link: DocumentLink; document: DocumentValue },
  extra: { token: string; csrfToken?: string; form?: PortalView['form']; notice?: PortalView['notice'] },
): Promise<PortalView> {
  const { document } = found;
  const [request, organization, booking, installments, signatures] = await Promise.all([
    pdfRequestOf(db, document, { watermark: null }),
    organizationOf(db, document.organizationId),
    findBookingValue(db, document.organizationId, document.bookingId),
    scheduleOf(db, document.bookingId),
    signaturesOf(db, [document.id]),
  ]);
  if (!organization || !booking) throw new Error('a linked document’s organization or booking is gone');
  const zone = organization.timezone;
  // Days and amounts in the organization's locale, as its documents print them.
  const locale = organizationLocale(organization);
  const money = (minor: number) => moneyText(minor, booking.currency, locale);
  const signature = signatures.get(document.id);
  const at = (iso: string) => `${dayOf(iso, zone, locale)} at ${clockOf(Date.parse(iso), zone, locale)}`;
  return {
    token: extra.token,
    csrfToken: extra.csrfToken ?? '',
    venue: organization.name,
    model: request.model,
    logo: request.logo,
    issued:
      document.number && document.issuedAt
        ? { number: document.number, issuedOn: dayOf(document.issuedAt, zone, locale) }
        : undefined,
    status: document.status === 'void' ? 'draft' : document.status,
    replaced: document.status === 'sent' && document.replacedAt !== null,
    signed: signature ? { name: signature.name, at: at(signature.signed_at) } : undefined,
    schedule: {
      rows: installments.map((i) => ({
        label: i.label,
        due: installmentDue(i, locale),
        state: STATE_WORDS[i.state],
        amount: money(i.amountDue),
        paid: money(i.paidAmount),
        toPay: money(stillToPay(i)),
        overdue: i.state === 'overdue',
      })),
      total: money(booking.grandTotal),
      paid: money(booking.paidTotal),
      balance: money(booking.balanceDue),
    },
    form: extra.form,
    notice: extra.notice,
  };
}
