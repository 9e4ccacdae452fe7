/**
 * A booking's page shows its total in its currency by the currency's minor unit, and a booking
 * with no total a dash, not "£0.00".
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  addBooking,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
  });
  after(() => server.close());

  it('shows a dash for no total, and a total in its currency’s minor units', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const total = (body: string) =>
      /<dt>Total<\/dt><dd>(.*?)<\/dd>/s.exec(body)?.[1]?.replace(/\s+/g, ' ').trim();
    const none = await session.request(`/orgs/${venue.orgId}/bookings/${venue.bookingId}`);
    assert.equal(total(none.body), '<span class="muted">—</span>');
    const priced = await addBooking(suite.db, venue.actor, {
      name: 'Priced',
      start_at: '2027-02-01T18:00:00Z',
      end_at: '2027-02-01T22:00:00Z',
      timezone: 'Asia/Tokyo',
      currency: 'JPY',
      total_amount: 1234500,
      accountId: venue.accountId,
    });
    const page = await session.request(`/orgs/${venue.orgId}/bookings/${priced.id}`);
    assert.match(total(page.body) ?? '', /1,234,500/);
    assert.doesNotMatch(total(page.body) ?? '', /\.00/, 'yen have no decimals');
  });
});
