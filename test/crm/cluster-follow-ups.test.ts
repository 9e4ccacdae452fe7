/**
 * Work a stop cut short is finished when `marquee serve --workers 2` starts, as when one process
 * serves: a contact's deletion left half done (its unit of work committed, its follow-up steps not
 * run) is finished by the primary — the contact gone, its booking no longer naming it, the
 * follow-up cleared.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { leaveFollowUp } from '../../src/crm/follow-ups.js';
import { newId } from '../../src/db/ids.js';
import { eachDatabase } from '../helpers/databases.js';
import { bookingRow, makeOrganization } from '../helpers/factories.js';
import { startServer } from '../helpers/processes.js';

eachDatabase((suite) => {
  it('finishes a deletion a stop cut short when a cluster starts', async () => {
    const org = await makeOrganization(suite.db);
    const at = '2026-03-01T10:00:00.000Z';
    const contactId = newId(Date.parse(at));
    await suite.db
      .insertInto('contacts')
      .values({
        id: contactId,
        organization_id: org.id,
        account_id: null,
        first_name: 'Ugo',
        last_name: 'Left',
        email: null,
        phone: null,
        title: null,
        custom_fields: '{}',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const booking = bookingRow(org.id, at, { contact_id: contactId });
    await suite.db.insertInto('bookings').values(booking).execute();
    // The deletion's unit of work committed, and the process stopped before its steps ran.
    await suite.db
      .transaction()
      .execute((trx) => leaveFollowUp(trx, org.id, 'delete_contact', contactId, Date.parse(at)));

    const server = await startServer({ ...suite.database.env, LOG_LEVEL: 'warn' }, ['--workers', '2']);
    try {
      let left = 1;
      // Bounded polling on the outcome, no fixed wait.
      for (let round = 0; round < 200 && left > 0; round++) {
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, 100));
        left = (await suite.db.selectFrom('follow_ups').select('id').execute()).length;
      }
      assert.equal(left, 0, server.stderr());
      const contact = await suite.db
        .selectFrom('contacts')
        .select('id')
        .where('id', '=', contactId)
        .executeTakeFirst();
      assert.equal(contact, undefined);
      const named = await suite.db
        .selectFrom('bookings')
        .select('contact_id')
        .where('id', '=', booking.id)
        .executeTakeFirstOrThrow();
      assert.equal(named.contact_id, null);
      assert.equal(await server.stop(), 0, server.stderr());
    } finally {
      await server.stop();
    }
  });
});
