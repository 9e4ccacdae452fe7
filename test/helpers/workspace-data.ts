/** Venue data for the workspace tests, written through the same services the pages call. */
import assert from 'node:assert/strict';
import type { Db } from '../../src/db/database.js';
import { createAccount } from '../../src/crm/accounts/account.service.js';
import { type BookingInput, createBooking } from '../../src/crm/bookings/booking.service.js';
import { createContact } from '../../src/crm/contacts/contact.service.js';
import { createNote } from '../../src/crm/notes/note.service.js';
import { createSpace } from '../../src/crm/spaces/space.service.js';
import type { Actor } from '../../src/identity/actor.js';
import { BrowserSession, inputValue } from './browser-session.js';
import { makeOrganization, makeUser } from './factories.js';
import { signIn } from './oauth.js';
import type { TestServer } from './app.js';

export interface WorkspaceVenue {
  orgId: string;
  admin: { id: string; email: string };
  member: { id: string; email: string };
  actor: Actor;
  spaceId: string;
  accountId: string;
  contactId: string;
  bookingId: string;
  noteId: string;
}

export async function makeWorkspaceVenue(db: Db, name = 'Harbour Rooms'): Promise<WorkspaceVenue> {
  const org = await makeOrganization(db, name);
  const admin = await makeUser(db, org.id, { role: 'admin' });
  const member = await makeUser(db, org.id, { role: 'member' });
  const actor: Actor = { organizationId: org.id, userId: admin.id, role: 'admin' };
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const space = await createSpace(trx, actor, { name: 'Boathouse', capacity: 120 }, now);
    const account = await createAccount(
      trx,
      actor,
      { name: 'Lumen Studios', email: 'events@lumen.example' },
      now,
    );
    const contact = await createContact(
      trx,
      actor,
      { first_name: 'Ada', last_name: 'Byron', accountId: account.id },
      now,
    );
    const booking = await createBooking(
      trx,
      actor,
      {
        name: 'Lumen summer party',
        status: 'definite',
        start_at: '2026-11-25T17:00:00Z',
        end_at: '2026-11-25T23:00:00Z',
        timezone: 'Europe/London',
        accountId: account.id,
        contactId: contact.id,
        spaceIds: [space.id],
      },
      now,
    );
    const note = await createNote(
      trx,
      actor,
      { body: 'Doors at five.', notableType: 'bookings', notableId: booking.id },
      now,
    );
    return {
      orgId: org.id,
      admin: { id: admin.id, email: admin.email },
      member: { id: member.id, email: member.email },
      actor,
      spaceId: space.id,
      accountId: account.id,
      contactId: contact.id,
      bookingId: booking.id,
      noteId: note.id,
    };
  });
}

export async function addBooking(db: Db, actor: Actor, input: BookingInput) {
  return db.transaction().execute((trx) => createBooking(trx, actor, input, Date.now()));
}

/** A signed-in session and the CSRF token its forms carry. */
export async function workspaceSession(server: TestServer, email: string, orgId: string) {
  const session = new BrowserSession(server.url, server.fetch);
  assert.equal((await signIn(server, session, email)).status, 303);
  const page = await session.request(`/orgs/${orgId}/bookings`);
  assert.equal(page.status, 200, page.body);
  const csrf = inputValue(page.body, '_csrf');
  assert.ok(csrf);
  return { session, csrf };
}

/** The version (hidden field) a page's form carries. */
export function versionIn(body: string): string {
  const version = inputValue(body, 'version');
  assert.ok(version, 'the form carries a version');
  return version;
}
