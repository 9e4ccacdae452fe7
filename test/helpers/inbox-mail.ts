/** Mail from clients as the venue's mailbox reads it, filed through receiveMessage (SPEC §17). */
import assert from 'node:assert/strict';
import { type Message, type ReadMail, receiveMessage } from '../../src/crm/messages/index.js';
import { mailboxActor } from '../../src/policy/actor.js';
import { write } from '../../src/writes/unit-of-work.js';
import { systemClock } from '../../src/clock.js';
import { createContact } from '../../src/crm/contacts/index.js';
import type { Db } from '../../src/db/database.js';
import type { TestServer } from './app.js';
import { addBooking, type WorkspaceVenue } from './workspace-data.js';

export const VENUE_MAILBOX = 'events@harbour.example';

let sequence = 0;

/** A message from a client (Amelia Hart unless `from` says otherwise), sent on 1 Dec 2026. */
export function clientMail(fields: Partial<ReadMail> & Pick<ReadMail, 'subject'>): ReadMail {
  sequence += 1;
  return {
    messageId: `m${sequence}-${process.pid}@client.example`,
    inReplyTo: null,
    threadIds: [],
    from: { name: 'Amelia Hart', email: 'amelia@client.example' },
    to: [{ name: '', email: VENUE_MAILBOX }],
    cc: [],
    deliveredTo: [],
    text: '',
    html: null,
    sentAt: '2026-12-01T10:00:00.000Z',
    attachments: [],
    ...fields,
  };
}

/** Files a message as the mailbox does: on the booking its rules name, else in the Inbox. */
export async function receive(
  server: TestServer,
  organizationId: string,
  fields: Partial<ReadMail> & Pick<ReadMail, 'subject'>,
): Promise<Message> {
  const message = await write(server.app.ctx.writer, mailboxActor(organizationId), receiveMessage, {
    mail: clientMail(fields),
    mailboxAddress: VENUE_MAILBOX,
  });
  assert.ok(message, 'filed once');
  return message;
}

/**
 * Amelia Hart, a contact of the venue with two open bookings: her mail names no one booking, so
 * it waits in the Inbox. Answers her bookings' ids, the sooner first.
 */
export async function ameliaWithTwoBookings(db: Db, venue: WorkspaceVenue): Promise<[string, string]> {
  const amelia = await write({ db, clock: systemClock }, venue.actor, createContact, {
    first_name: 'Amelia',
    last_name: 'Hart',
    email: 'Amelia@Client.example',
    accountId: venue.accountId,
  });
  const hers = async (name: string, day: string) =>
    (
      await addBooking(db, venue.actor, {
        name,
        status: 'tentative',
        start_at: `${day}T18:00:00Z`,
        end_at: `${day}T23:00:00Z`,
        accountId: venue.accountId,
        contactId: amelia.id,
      })
    ).id;
  return [await hers('Hart engagement dinner', '2027-03-12'), await hers('Hart anniversary', '2028-03-12')];
}
