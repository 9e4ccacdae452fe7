/**
 * `marquee seed --demo` and the first start on an empty database: one demo venue with an admin
 * user, sample accounts, contacts, spaces, bookings with their events (placed in the default
 * pipeline's stages, most with a referral source), and notes, dated around the clock's now. The
 * generated password is returned to the caller to show once; only its hash is stored. The data
 * passed the rules in the generator (demo-data.ts), so it is written in multi-row statements,
 * with the indexes a write keeps beside it (booking_spaces, space_parts, and event_spaces with the
 * organization's longest hold, which the double-booking check reads, made by the events' one writer).
 */
import { OCCASION_JOB } from '../crm/automations/automation-listening.js';
import { randomBytes } from 'node:crypto';
import { type Clock, systemClock } from '../clock.js';
import { insertAccounts } from '../crm/accounts/index.js';
import { insertBookings } from '../crm/bookings/index.js';
import { insertContacts } from '../crm/contacts/index.js';
import { spaceIds } from '../crm/data/row-mappers.js';
import { insertEventSpaces } from '../crm/events/index.js';
import type { Db } from '../db/database.js';
import { insertInChunks } from '../db/insert-in-chunks.js';
import { insertMembership } from '../identity/membership.repository.js';
import { insertOrganization } from '../identity/organization.repository.js';
import { generatePassword, hashPassword } from '../identity/passwords.js';
import { findUserByEmail, insertUser } from '../identity/user.repository.js';
import { DEMO_ZONE, generateDemoData } from './demo-data.js';
import { placeDemoBookings } from './demo-pipeline.js';
import { priceDemoBookings } from './demo-prices.js';

export interface DemoSeed {
  org_id: string;
  org_name: string;
  admin_email: string;
  admin_password: string;
  accounts: number;
  contacts: number;
  bookings: number;
  notes: number;
}

const DEMO_ORG_NAME = 'Harborview Hall';

async function freeAdminEmail(db: Db): Promise<string> {
  const first = 'admin@harborview.example';
  if (!(await findUserByEmail(db, first))) return first;
  return `admin+${randomBytes(3).toString('hex')}@harborview.example`;
}

export async function seedDemo(db: Db, clock: Clock = systemClock): Promise<DemoSeed> {
  const adminEmail = await freeAdminEmail(db);
  const adminPassword = generatePassword();
  const passwordHash = await hashPassword(adminPassword);
  return db.transaction().execute(async (trx) => {
    const organization = await insertOrganization(trx, DEMO_ORG_NAME);
    await trx
      .updateTable('organizations')
      .set({ timezone: DEMO_ZONE, currency: 'USD' })
      .where('id', '=', organization.id)
      .execute();
    const admin = await insertUser(trx, { email: adminEmail, name: 'Venue Admin', passwordHash });
    await insertMembership(trx, organization.id, admin.id, 'admin');
    const data = generateDemoData(organization.id, admin.id, clock.now());
    const bookings = data.bookings.map(({ events: _events, ...booking }) => booking);
    await placeDemoBookings(trx, organization.id, bookings, clock.now());
    const events = data.bookings.flatMap((b) => b.events);
    await insertInChunks(trx, 'spaces', data.spaces);
    await insertInChunks(trx, 'space_parts', data.spaceParts);
    await insertInChunks(trx, 'event_types', data.eventTypes);
    await insertAccounts(trx, data.accounts);
    await insertContacts(trx, data.contacts);
    await insertBookings(trx, bookings);
    await insertInChunks(
      trx,
      'booking_spaces',
      bookings.flatMap((b) => spaceIds(b).map((spaceId) => ({ booking_id: b.id, space_id: spaceId }))),
    );
    await insertInChunks(trx, 'events', events, 25);
    await trx
      .insertInto('booking_references')
      .values({
        organization_id: organization.id,
        last_number: data.lastBookingNumber,
        longest_hold_minutes: 0,
      })
      .execute();
    // The holds as every other write makes them, with the organization's longest hold.
    await insertEventSpaces(trx, organization.id, events, 80);
    await insertInChunks(trx, 'notes', data.notes);
    await priceDemoBookings(trx, organization.id, admin.id, data.bookings, clock.now());
    // The demo's history is not news: its payments send no receipts to its made-up clients.
    await trx
      .deleteFrom('jobs')
      .where('organization_id', '=', organization.id)
      .where('kind', '=', OCCASION_JOB)
      .execute();
    return {
      org_id: organization.id,
      org_name: organization.name,
      admin_email: admin.email,
      admin_password: adminPassword,
      accounts: data.accounts.length,
      contacts: data.contacts.length,
      bookings: data.bookings.length,
      notes: data.notes.length,
    };
  });
}
