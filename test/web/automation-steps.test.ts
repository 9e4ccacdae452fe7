/**
 * The readable editor of an automation's steps (SPEC §18), over real HTTP, signed in: an
 * automation's page lists its steps in plain words with one tick per e-mail for whether it waits
 * under Approvals; ticking and saving sets that e-mail's `requires_approval`, unticking clears it,
 * the other steps untouched; a form drawn before another change is refused (412); members are
 * refused as on every settings page.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createAutomation, findAutomation, type Step } from '../../src/crm/automations/index.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeWorkspaceVenue, type WorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let page: string;
  let automationId: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2027-06-10T12:00:00Z'));
    venue = await makeWorkspaceVenue(suite.db);
    const made = await write({ db: suite.db, clock: server.clock }, venue.actor, createAutomation, {
      key: 'proposal_follow_up',
      enabled: true,
    });
    automationId = made.id;
    page = `/orgs/${venue.orgId}/settings/automations/${automationId}`;
  });
  after(() => server.close());

  const steps = async (): Promise<Step[]> =>
    (await findAutomation({ db: suite.db }, venue.orgId, automationId))!.value.steps;
  const approvals = async () =>
    (await steps()).map((s) => (s.type === 'send_email' ? s.requires_approval === true : null));

  it('ticks an e-mail to wait for approval and unticks it, the other steps untouched', async () => {
    const admin = await workspaceSession(server, venue.admin.email, venue.orgId);
    const action = `${page}/steps`;
    const before = await steps();
    const shown = await admin.session.request(page);
    assert.equal(shown.status, 200, shown.body);
    assert.match(shown.body, /<li>Wait 3 days until 09:00 in the sending window\.<\/li>/);
    assert.match(shown.body, /name="approval_1" value="yes"\s*\/>/, 'unticked, as shipped');
    assert.doesNotMatch(shown.body, /name="approval_0"/, 'a wait has no tick');

    const ticked = await admin.session.request(action, {
      form: { ...formFields(shown.body, action), approval_1: 'yes' },
    });
    assert.equal(ticked.status, 303, ticked.body);
    assert.deepEqual(await approvals(), [null, true]);
    assert.deepEqual((await steps())[0], before[0]);
    const saved = await admin.session.request(ticked.location!);
    assert.match(saved.body, /role="status">Steps saved\./);
    assert.match(saved.body, /name="approval_1" value="yes" checked/);
    assert.match(saved.body, /draft an e-mail, for a member to approve, to the client/);

    // The page drawn before that change carries the old version: refused, nothing changed.
    const stale = await admin.session.request(action, { form: formFields(shown.body, action) });
    assert.equal(stale.status, 412, stale.body);
    assert.deepEqual(await approvals(), [null, true]);

    const unticked = await admin.session.request(action, { form: formFields(saved.body, action) });
    assert.equal(unticked.status, 303, unticked.body);
    assert.deepEqual(await approvals(), [null, false]);
  });

  it('refuses members, changing nothing', async () => {
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    assert.equal((await member.session.request(page)).status, 403);
    const refused = await member.session.request(`${page}/steps`, {
      form: { _csrf: member.csrf, version: '"x"', approval_1: 'yes' },
    });
    assert.equal(refused.status, 403);
    assert.deepEqual(await approvals(), [null, false]);
  });
});
