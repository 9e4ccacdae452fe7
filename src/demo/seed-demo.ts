/**
 * `marquee seed --demo` and the first start on an empty database: one demo venue with an admin
 * user, sample accounts, contacts, bookings and notes. The generated password is returned to the
 * caller to show once; only its hash is stored.
 */
import { randomBytes } from 'node:crypto';
import { insertAccounts } from '../crm/accounts/account.repository.js';
import { insertBookings } from '../crm/bookings/booking.repository.js';
import { insertContacts } from '../crm/contacts/contact.repository.js';
import type { Db } from '../db/database.js';
import { insertInChunks } from '../db/insert-in-chunks.js';
import { insertMembership } from '../identity/membership.repository.js';
import { insertOrganization } from '../identity/organization.repository.js';
import { generatePassword, hashPassword } from '../identity/passwords.js';
import { findUserByEmail, insertUser } from '../identity/user.repository.js';
import { generateDemoData } from './demo-data.js';

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

export async function seedDemo(db: Db): Promise<DemoSeed> {
  const adminEmail = await freeAdminEmail(db);
  const adminPassword = generatePassword();
  const passwordHash = await hashPassword(adminPassword);
  return db.transaction().execute(async (trx) => {
    const organization = await insertOrganization(trx, DEMO_ORG_NAME);
    // A Boston venue: its pages show Boston's times and its bookings are in dollars.
    await trx
      .updateTable('organizations')
      .set({ timezone: 'America/New_York', currency: 'USD' })
      .where('id', '=', organization.id)
      .execute();
    const admin = await insertUser(trx, { email: adminEmail, name: 'Venue Admin', passwordHash });
    await insertMembership(trx, organization.id, admin.id, 'admin');
    const data = generateDemoData(organization.id, admin.id);
    await insertInChunks(trx, 'spaces', data.spaces);
    await insertAccounts(trx, data.accounts);
    await insertContacts(trx, data.contacts);
    await insertBookings(trx, data.bookings);
    await insertInChunks(trx, 'booking_spaces', data.bookingSpaces);
    await trx
      .insertInto('booking_references')
      .values({ organization_id: organization.id, last_number: data.lastBookingNumber })
      .execute();
    await insertInChunks(trx, 'notes', data.notes);
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
