/**
 * What a document is made from (SPEC §13): the booking and everything of it a proposal, a BEO or
 * an invoice shows, the venue's name, address and logo, and the organization's templates, read
 * once (in the unit of work that makes the version, so it shows one consistent state). The rest
 * is pure: merge-data.ts and document-build.ts turn these facts into words.
 */
import { type Account, findAccount } from '../accounts/index.js';
import type { BookingRow } from '../bookings/beneath.js';
import { type Contact, findContact } from '../contacts/index.js';
import { bookingEvents, type EventValue as Event } from '../events/index.js';
import {
  type InstallmentValue as Installment,
  paymentsListed,
  type PaymentValue as Payment,
  scheduleOf,
} from '../payments/index.js';
import { type LineItemValue as LineItem, linesOfBooking } from '../pricing/index.js';
import type { Db, Trx } from '../../db/database.js';
import type { LogoReference } from './document-model.js';
import { documentSettingsOf, templatesOf } from './document-settings.js';
import type { DocumentKind } from './document.table.js';
import { organizationLocale } from '../../locale.js';
import { type CustomMergeFields, customMergeFields } from './custom-merge.js';

/** A note printed on a BEO: what it is about ("Booking" or the event's name) and its text. */
export interface BeoNote {
  about: string;
  text: string;
}

export interface DocumentFacts {
  kind: DocumentKind;
  version: number;
  /** When the version is made (ms). */
  madeAt: number;
  /** The venue's time zone: days and times print in it. */
  zone: string;
  /** The venue's locale (src/locale.ts): days, times and amounts print in it. */
  locale: string;
  venue: { name: string; address: string[]; logo: LogoReference | null };
  templates: { header: string; footer: string; terms: string };
  booking: BookingRow;
  account: Account | undefined;
  contact: Contact | undefined;
  /** The name of the booking's owner: the venue's person for it. */
  manager: string | undefined;
  /** Its events, in the order they happen. */
  events: Event[];
  spaceNames: ReadonlyMap<string, string>;
  /** Its lines, in their order on documents. */
  lines: LineItem[];
  installments: Installment[];
  payments: Payment[];
  /** A BEO's event, whether it prints prices, and the notes marked for it. */
  beo?: { event: Event; showPrices: boolean; notes: BeoNote[] } | undefined;
  /** The organization's custom fields the merge data holds (none when absent). */
  customFields?: CustomMergeFields | undefined;
}

export interface FactsRequest {
  organizationId: string;
  bookingId: string;
  kind: DocumentKind;
  version: number;
  madeAt: number;
  beo?: { eventId: string; showPrices: boolean } | undefined;
}

/** The notes of the booking and of the event marked for the BEO, oldest first. */
async function beoNotes(db: Db | Trx, booking: BookingRow, event: Event): Promise<BeoNote[]> {
  const rows = await db
    .selectFrom('notes')
    .select(['notable_type', 'body'])
    .where('organization_id', '=', booking.organization_id)
    .where('for_beo', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('notable_type', '=', 'bookings'), eb('notable_id', '=', booking.id)]),
        eb.and([eb('notable_type', '=', 'events'), eb('notable_id', '=', event.id)]),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    about: row.notable_type === 'events' ? event.name : 'Booking',
    text: row.body,
  }));
}

/** The facts of a document about the booking; undefined when it (or a BEO's event) is not the organization's. */
export async function loadDocumentFacts(
  db: Db | Trx,
  request: FactsRequest,
): Promise<DocumentFacts | undefined> {
  const org = request.organizationId;
  const booking = await db
    .selectFrom('bookings')
    .selectAll()
    .where('organization_id', '=', org)
    .where('id', '=', request.bookingId)
    .executeTakeFirst();
  if (!booking) return undefined;
  const [organization, settings, templates, account, contact, owner, events, spaces, lines] =
    await Promise.all([
      db
        .selectFrom('organizations')
        .select(['name', 'timezone', 'locale'])
        .where('id', '=', org)
        .executeTakeFirstOrThrow(),
      documentSettingsOf(db, org),
      templatesOf(db, org, request.kind),
      booking.account_id ? findAccount({ db }, org, booking.account_id) : undefined,
      booking.contact_id ? findContact({ db }, org, booking.contact_id) : undefined,
      booking.owner_id
        ? db
            .selectFrom('users')
            .select(['name', 'email'])
            .where('id', '=', booking.owner_id)
            .executeTakeFirst()
        : undefined,
      bookingEvents({ db }, org, booking.id),
      db.selectFrom('spaces').select(['id', 'name']).where('organization_id', '=', org).execute(),
      linesOfBooking(db, booking.id),
    ]);
  const [installments, payments, customFields] = await Promise.all([
    scheduleOf(db, booking.id),
    paymentsListed(db, booking.id),
    customMergeFields(db, org),
  ]);
  let beo: DocumentFacts['beo'];
  if (request.beo) {
    const event = events.find((e) => e.id === request.beo!.eventId);
    if (!event) return undefined;
    beo = { event, showPrices: request.beo.showPrices, notes: await beoNotes(db, booking, event) };
  }
  const logo = settings.logo;
  return {
    kind: request.kind,
    version: request.version,
    madeAt: request.madeAt,
    zone: organization.timezone,
    locale: organizationLocale(organization),
    venue: {
      name: organization.name,
      address: settings.venue_address
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      // Its size is read into numbers with the settings (document.codec.ts logoSizeOf).
      logo: logo ? { sha256: logo.sha256, width: logo.width, height: logo.height } : null,
    },
    templates,
    booking,
    account,
    contact,
    manager: owner ? owner.name || owner.email : undefined,
    events,
    spaceNames: new Map(spaces.map((s) => [s.id, s.name])),
    lines,
    installments,
    payments,
    beo,
    customFields,
  };
}
