/**
 * A report's page given days it cannot read (SPEC §14): the report is shown over every day, with
 * the reason in words above it, never an error page; days it can read are kept in the form, and
 * the table says the days it covers.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeWorkspaceVenue, type WorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
  });
  after(() => server.close());

  it('shows every day, saying why, when the days asked for cannot be read', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const o = `/orgs/${venue.orgId}/reports`;
    const quote = '(?:"|&quot;|&#34;|&#x22;)';
    const notADay = await session.request(`${o}/pipeline?from=2027-02-30`);
    assert.equal(notADay.status, 200);
    assert.match(
      notADay.body,
      new RegExp(
        `from is a date \\(YYYY-MM-DD\\) that exists, not ${quote}2027-02-30${quote}\\. The report shows every day instead\\.`,
      ),
    );
    const backwards = await session.request(`${o}/conversion?from=2027-03-01&to=2027-02-01`);
    assert.equal(backwards.status, 200);
    assert.match(backwards.body, /to is on or after from\. The report shows every day instead\./);
    const fine = await session.request(`${o}/pipeline?from=2027-01-01&to=2027-12-31`);
    assert.equal(fine.status, 200);
    assert.doesNotMatch(fine.body, /The report shows every day instead/);
    assert.match(fine.body, /value="2027-01-01"/);
    // The table says the days it covers, as the venue reads them; with none given, every day.
    assert.match(fine.body, /<caption id="report-caption">Pipeline, Fri 1 Jan 2027 to Fri 31 Dec 2027: /);
    assert.match(notADay.body, /<caption id="report-caption">Pipeline, every day: /);
    const onlyFrom = await session.request(`${o}/pipeline?from=2027-01-01`);
    assert.match(onlyFrom.body, /<caption id="report-caption">Pipeline, from Fri 1 Jan 2027: /);
  });
});
