/**
 * The demo venue keeps the rules it shows off: every booking, account and contact of it saves
 * unchanged through the same commands the API and the pages use (a booking has an account, fits
 * its spaces, clashes with no other definite booking), and a booking for people rather than a
 * company has a person account named after them. Its times are in its own time zone.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { updateAccount } from '../../src/crm/accounts/account.commands.js';
import { updateBooking } from '../../src/crm/bookings/booking.commands.js';
import { updateContact } from '../../src/crm/contacts/contact.commands.js';
import { seedDemo } from '../../src/demo/seed-demo.js';
import type { Actor } from '../../src/identity/actor.js';
import { type Command, type Change, write } from '../../src/writes/unit-of-work.js';
import { systemClock } from '../../src/clock.js';
import { eachDatabase } from '../helpers/databases.js';

eachDatabase((suite) => {
  it('saves every demo record unchanged, and gives people booking for themselves an account of their own', async () => {
    const demo = await seedDemo(suite.db);
    const admin = await suite.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', demo.admin_email)
      .executeTakeFirstOrThrow();
    const actor: Actor = { organizationId: demo.org_id, userId: admin.id, role: 'admin' };
    const writer = { db: suite.db, clock: systemClock };
    const org = await suite.db
      .selectFrom('organizations')
      .select(['timezone', 'currency'])
      .where('id', '=', demo.org_id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(org, { timezone: 'America/New_York', currency: 'USD' });

    const unchanged = async <Input>(
      table: 'bookings' | 'accounts' | 'contacts',
      command: Command<Change<Input>, unknown>,
    ) => {
      const rows = await suite.db
        .selectFrom(table)
        .select('id')
        .where('organization_id', '=', demo.org_id)
        .execute();
      assert.ok(rows.length > 0, table);
      const refused: string[] = [];
      for (const { id } of rows) {
        await write(writer, actor, command, { id, ifMatch: undefined, input: {} as Input }).catch(
          (error: unknown) => refused.push(`${id}: ${(error as Error).message}`),
        );
      }
      assert.deepEqual(refused, [], `${table} the rules refuse`);
    };
    await unchanged('bookings', updateBooking);
    await unchanged('accounts', updateAccount);
    await unchanged('contacts', updateContact);

    const bookings = await suite.db
      .selectFrom('bookings as b')
      .leftJoin('accounts as a', 'a.id', 'b.account_id')
      .leftJoin('contacts as c', 'c.id', 'b.contact_id')
      .select(['b.reference', 'a.name as account', 'c.first_name', 'c.last_name', 'c.account_id'])
      .where('b.organization_id', '=', demo.org_id)
      .execute();
    assert.ok(
      bookings.every((b) => b.account !== null),
      'every booking has an account',
    );
    const personal = bookings.filter((b) => b.account === `${b.first_name} ${b.last_name}`);
    assert.ok(personal.length > 0, 'some bookings are for people, under a person account');
  });
});
