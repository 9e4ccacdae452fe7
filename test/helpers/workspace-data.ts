/** Venue data for the workspace tests, written through the same services the pages call. */
import assert from 'node:assert/strict';
import type { Db } from '../../src/db/database.js';
import { createAccount } from '../../src/crm/accounts/index.js';
import { type BookingInput, createBooking } from '../../src/crm/bookings/booking.commands.js';
import { createContact } from '../../src/crm/contacts/index.js';
import { createNote } from '../../src/crm/notes/note.commands.js';
import { createSpace } from '../../src/crm/spaces/space.commands.js';
import { updateOrganization } from '../../src/crm/organization/organization.commands.js';
import { type Clock, systemClock } from '../../src/clock.js';
import { type Command, write } from '../../src/writes/unit-of-work.js';
import { type Actor, staffActor } from '../../src/policy/actor.js';
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
  const actor: Actor = staffActor({
    organizationId: org.id,
    userId: admin.id,
    role: 'admin',
    door: 'workspace',
  });
  const run = <Input, Result>(command: Command<Input, Result>, input: Input) =>
    write({ db, clock: systemClock }, actor, command, input);
  // A London venue: its pages show times in London.
  await run(updateOrganization, {
    ifMatch: undefined,
    input: { timezone: 'Europe/London', currency: 'GBP' },
  });
  const space = await run(createSpace, { name: 'Boathouse', capacity: 120 });
  const account = await run(createAccount, { name: 'Lumen Studios', email: 'events@lumen.example' });
  const contact = await run(createContact, { first_name: 'Ada', last_name: 'Byron', accountId: account.id });
  const booking = await run(createBooking, {
    name: 'Lumen summer party',
    status: 'definite',
    start_at: '2026-11-25T17:00:00Z',
    end_at: '2026-11-25T23:00:00Z',
    timezone: 'Europe/London',
    accountId: account.id,
    contactId: contact.id,
    spaceIds: [space.id],
  });
  const note = await run(createNote, {
    body: 'Doors at five.',
    notable: { type: 'bookings', id: booking.id },
  });
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
}

/** A booking written at `clock`'s now: a test that sets its server's clock passes that clock. */
export async function addBooking(db: Db, actor: Actor, input: BookingInput, clock: Clock = systemClock) {
  return write({ db, clock }, actor, createBooking, input);
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

/** The message under a form's field, after checking the field points to it and the summary links it. */
export function fieldError(body: string, field: string): string {
  const message = new RegExp(`<p class="field-error" id="field-${field}-error">([^<]*)</p>`).exec(body)?.[1];
  assert.ok(message, `an error under ${field}`);
  assert.match(
    body,
    new RegExp(`id="field-${field}"[^>]*aria-describedby="[^"]*field-${field}-error`),
    `${field} is described by its error`,
  );
  assert.match(body, new RegExp(`href="#field-${field}"`), `the summary links ${field}`);
  return message
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
