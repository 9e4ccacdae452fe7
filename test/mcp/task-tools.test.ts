/**
 * Tasks for an assistant (SPEC §18, §16), through the real /mcp door with the SDK's client:
 * `create_task` makes a task as the consenting member (due on a day, or at a time read in the
 * venue's zone; given to another member by e-mail, who is then e-mailed), refusing a due time and
 * a day at once or an address that is no member's; `list_tasks` lists the caller's, the overdue
 * ones (by the injected clock) and a booking's, with titles only inside `untrusted_text` fields.
 */
import assert from 'node:assert/strict';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { after, before, it } from 'node:test';
import { createAccount } from '../../src/crm/accounts/index.js';
import { createBooking } from '../../src/crm/bookings/booking.commands.js';
import type { Booking } from '../../src/crm/bookings/booking.table.js';
import { staffActor } from '../../src/policy/actor.js';
import { type Made, write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { callTool, connectAssistant, toolRefusal } from '../helpers/mcp.js';

eachDatabase((suite) => {
  let server: TestServer;
  let orgId: string;
  let user: { id: string; email: string };
  let colleague: { id: string; email: string };
  let gala: Booking;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    // 10:00 in New York (UTC-5 until the clocks go forward on 14 March).
    server.clock.setTo(Date.parse('2027-03-10T15:00:00Z'));
    orgId = (await makeOrganization(suite.db, 'Harbour Hall')).id;
    await suite.db
      .updateTable('organizations')
      .set({ locale: 'en-US', timezone: 'America/New_York' })
      .where('id', '=', orgId)
      .execute();
    user = await makeUser(suite.db, orgId, { role: 'member' });
    colleague = await makeUser(suite.db, orgId, { role: 'member' });
    const actor = staffActor({ organizationId: orgId, userId: user.id, role: 'member', door: 'api' });
    const account = await write(server.app.ctx.writer, actor, createAccount, { name: 'Gala Ltd' });
    gala = (await write(server.app.ctx.writer, actor, createBooking, {
      accountId: account.id,
      name: 'Spring gala',
      status: 'tentative',
      start_at: '2027-04-14T23:00:00Z',
      end_at: '2027-04-15T03:00:00Z',
      timezone: 'America/New_York',
      currency: 'USD',
    } as never)) as Made<Booking>;
  });
  after(() => server.close());

  it('creates tasks as the member, e-mails one given to a colleague, and lists them by mine, overdue and booking', async () => {
    const { client } = await connectAssistant(server, { email: user.email, organizationId: orgId });
    try {
      const { task: given } = await callTool(client, 'create_task', {
        title: 'Confirm the florist',
        booking_id: gala.reference,
        due_date: '2027-03-09',
        assignee_email: colleague.email.toUpperCase(),
      });
      assert.deepEqual(
        [given.title, given.due_date, given.booking, given.assignee.email, given.overdue],
        [
          { untrusted_text: 'Confirm the florist' },
          '2027-03-09',
          { id: gala.id, reference: gala.reference },
          colleague.email,
          true,
        ],
      );
      const mails = await suite.db
        .selectFrom('outgoing_mail')
        .selectAll()
        .where('kind', '=', 'task')
        .execute();
      assert.deepEqual(
        mails.map((m) => [m.to_address, m.subject]),
        [[colleague.email, 'New task: Confirm the florist']],
      );

      // 09:00 in the venue's zone is 14:00 UTC: an hour ago.
      const { task: mine } = await callTool(client, 'create_task', {
        title: 'Call the band',
        due_at: '2027-03-10T09:00',
      });
      assert.deepEqual(
        [mine.due_at, mine.overdue, mine.assignee.id],
        ['2027-03-10T14:00:00.000Z', true, user.id],
      );
      const { task: later } = await callTool(client, 'create_task', {
        title: 'Print menus',
        due_at: '2027-03-10T16:00:00Z',
      });
      assert.equal(later.overdue, false);

      const titles = (tasks: Array<{ title: { untrusted_text: string } }>) =>
        tasks.map((t) => t.title.untrusted_text);
      assert.deepEqual(titles((await callTool(client, 'list_tasks', { mine: true })).tasks), [
        'Call the band',
        'Print menus',
      ]);
      assert.deepEqual(titles((await callTool(client, 'list_tasks', { overdue: true })).tasks), [
        'Confirm the florist',
        'Call the band',
      ]);
      const ofGala = (await client.callTool({
        name: 'list_tasks',
        arguments: { booking_id: gala.id },
      })) as CallToolResult;
      const summary = ofGala.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
      assert.equal(summary, `1 open task(s) on ${gala.reference}, 1 of them overdue.`);
      assert.deepEqual(titles((ofGala.structuredContent as { tasks: [] }).tasks), ['Confirm the florist']);
      assert.equal(mails.length, 1, 'nobody is e-mailed for a task they give themselves');
    } finally {
      await client.close();
    }
  });

  it('refuses a due time and a day at once, and an address that is no member’s', async () => {
    const { client } = await connectAssistant(server, { email: user.email, organizationId: orgId });
    try {
      assert.match(
        await toolRefusal(client, 'create_task', {
          title: 'Both',
          due_at: '2027-03-11T10:00',
          due_date: '2027-03-11',
        }),
        /not both/,
      );
      assert.match(
        await toolRefusal(client, 'create_task', { title: 'Nobody', assignee_email: 'stranger@example.com' }),
        /No member of this organization has the e-mail stranger@example.com/,
      );
      assert.match(await toolRefusal(client, 'list_tasks', { booking_id: 'BK-99999' }), /BK-99999/);
    } finally {
      await client.close();
    }
  });
});
