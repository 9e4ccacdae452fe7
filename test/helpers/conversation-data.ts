/** A booking's conversation for the workspace tests: its client, and mail she sends the venue. */
import type { Clock } from '../../src/clock.js';
import { createContact } from '../../src/crm/contacts/index.js';
import { type ReadMail, receiveMessage } from '../../src/crm/messages/index.js';
import type { Db } from '../../src/db/database.js';
import { mailboxActor } from '../../src/policy/actor.js';
import { write, type Writer } from '../../src/writes/unit-of-work.js';
import { addBooking, type WorkspaceVenue } from './workspace-data.js';

export const VENUE_MAILBOX = 'events@harbour.example';
export const CLIENT = 'amelia@client.example';

/** A tentative booking whose contact, Amelia Hart, has an e-mail address (her only open booking). */
export async function bookingWithClient(
  db: Db,
  venue: WorkspaceVenue,
  clock: Clock,
  { name = 'Hart wedding', email = CLIENT }: { name?: string; email?: string } = {},
) {
  const contact = await write({ db, clock }, venue.actor, createContact, {
    first_name: 'Amelia',
    last_name: 'Hart',
    email,
    accountId: venue.accountId,
  });
  const booking = await addBooking(
    db,
    venue.actor,
    {
      name,
      status: 'tentative',
      start_at: '2027-06-19T14:00:00Z',
      end_at: '2027-06-19T22:00:00Z',
      timezone: 'Europe/London',
      accountId: venue.accountId,
      contactId: contact.id,
    },
    clock,
  );
  return { bookingId: booking.id, contactId: contact.id };
}

/** Mail from the client, as the venue's mailbox reads it: filed on her one open booking. */
export async function clientWrites(
  writer: Writer,
  orgId: string,
  mail: Partial<ReadMail> & { messageId: string },
) {
  return write(writer, mailboxActor(orgId), receiveMessage, {
    mailboxAddress: VENUE_MAILBOX,
    mail: {
      inReplyTo: null,
      threadIds: [],
      from: { name: 'Amelia Hart', email: CLIENT },
      to: [{ name: 'Harbour Rooms', email: VENUE_MAILBOX }],
      cc: [],
      deliveredTo: [],
      subject: 'Our wedding',
      text: '',
      html: null,
      sentAt: '2027-04-19T08:30:00.000Z',
      attachments: [],
      ...mail,
    },
  });
}
