/**
 * An invitation never hands anyone a way into an existing account (issue 54's audit, replayed
 * over HTTP as it was found): an admin of venue B who invites an address venue A invited (and who
 * has not chosen a password yet) is not shown a link, cannot read one in Settings → Outgoing
 * mail, and cannot sign in as that person; the person receives a link of their own by e-mail
 * (a real SMTP server in the test process), and links others were shown end. A person new to
 * Marquee gets their link by e-mail; the inviter sees it only when no mail server is set up.
 * Two venues inviting one new address at once make one account, and only one inviter may see a
 * link to it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { MailSender } from '../../src/mail/sender.js';
import { createLogger } from '../../src/http/logger.js';
import { inviteMember } from '../../src/identity/team.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, inputValue } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../helpers/factories.js';
import { signIn } from '../helpers/oauth.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import { fieldError, makeWorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';
import { staffActor } from '../../src/policy/actor.js';

const CHOSEN = 'the victim’s own passphrase';
const STOLEN = 'the attacker’s passphrase';

/** The set-password path in a text (an e-mail's body), if any. */
function linkIn(text: string): string | undefined {
  return /\/set-password\/(mqp_[A-Za-z0-9_-]+)/.exec(text)?.[0];
}

/** Follows a set-password link in a fresh browser and chooses `password`; the final status. */
async function choosePassword(server: TestServer, path: string, password: string): Promise<number> {
  const browser = new BrowserSession(server.url, server.fetch);
  const page = await browser.request(path);
  if (page.status !== 200) return page.status;
  const set = await browser.request(path, {
    form: { _csrf: inputValue(page.body, '_csrf')!, password, password_again: password },
  });
  return set.status;
}

async function canSignIn(server: TestServer, email: string, password: string): Promise<boolean> {
  return (await signIn(server, new BrowserSession(server.url, server.fetch), email, password)).status === 303;
}

eachDatabase((suite) => {
  describe('with a mail server', () => {
    let smtp: TestSmtpServer;
    let server: TestServer;
    let sender: MailSender;

    before(async () => {
      smtp = new TestSmtpServer();
      server = await startTestServer(suite.database, {
        RATE_LIMIT_PER_MINUTE: '0',
        SMTP_URL: await smtp.start(),
        LOG_LEVEL: 'info',
      });
      sender = new MailSender({
        db: suite.db,
        config: server.config,
        clock: server.clock,
        logger: createLogger('silent'),
      });
    });
    after(async () => {
      await sender.stop();
      await server.close();
      await smtp.close();
    });

    /** Sends what is due and returns the messages to `address` received since `from`. */
    async function mailTo(address: string, from: number) {
      await sender.sendDue();
      return smtp.received.slice(from).filter((m) => m.to.includes(address));
    }

    it('replays the audit: venue B’s admin cannot take over the person venue A invited', async () => {
      const a = await makeWorkspaceVenue(suite.db, 'Venue A');
      const b = await makeWorkspaceVenue(suite.db, 'Venue B');
      const adminA = await workspaceSession(server, a.admin.email, a.orgId);
      const adminB = await workspaceSession(server, b.admin.email, b.orgId);
      const victim = 'victim@test.example';

      // A invites the person: the link goes to them by e-mail, and A's admin is not shown it.
      const received = smtp.received.length;
      const invitedByA = await adminA.session.request(`/orgs/${a.orgId}/settings/team`, {
        form: { _csrf: adminA.csrf, name: 'Vic Tim', email: victim, role: 'admin' },
      });
      assert.equal(invitedByA.status, 303, invitedByA.body.slice(0, 300));
      assert.equal(invitedByA.location, `${server.url}/orgs/${a.orgId}/settings/team?notice=invited`);
      const shownA = await adminA.session.request(invitedByA.location!);
      assert.match(shownA.body, /Invitation sent: they choose their password from the link in the e-mail\./);
      assert.equal(linkIn(shownA.body), undefined, 'no link on A’s page');
      const [fromA] = await mailTo(victim, received);
      assert.ok(fromA, 'the invitation reached the person');
      assert.equal(fromA.parsed.subject, 'You are invited to Venue A on Marquee');
      assert.match(fromA.parsed.text ?? '', /Hello Vic Tim,/);
      const firstLink = linkIn(fromA.parsed.text ?? '');
      assert.ok(firstLink, 'the e-mail carries their link');

      // B invites the same address, as the audit did: added, told, and no link for B.
      const before = smtp.received.length;
      const invitedByB = await adminB.session.request(`/orgs/${b.orgId}/settings/team`, {
        form: { _csrf: adminB.csrf, name: 'Anyone', email: victim, role: 'admin' },
      });
      assert.equal(invitedByB.status, 303, invitedByB.body.slice(0, 300));
      assert.equal(invitedByB.location, `${server.url}/orgs/${b.orgId}/settings/team?notice=added-link`);
      const shownB = await adminB.session.request(invitedByB.location!);
      assert.equal(linkIn(shownB.body), undefined, 'no link on B’s page');
      assert.doesNotMatch(shownB.body, /mqp_[A-Za-z0-9_-]{4}/);

      // What B's outbox shows of the message carries no link either.
      const message = await suite.db
        .selectFrom('outgoing_mail')
        .select('id')
        .where('organization_id', '=', b.orgId)
        .where('to_address', '=', victim)
        .executeTakeFirstOrThrow();
      const read = await adminB.session.request(`/orgs/${b.orgId}/settings/outgoing-mail/${message.id}`);
      assert.equal(read.status, 200);
      assert.match(read.body, /You have not chosen a password yet/);
      assert.match(read.body, /\/set-password\/mqp_…/, 'the link is shown cut to its prefix');
      assert.equal(linkIn(read.body), undefined);

      // The person's own e-mail has a fresh link; the one sent before no longer works.
      const [fromB] = await mailTo(victim, before);
      assert.ok(fromB, 'the person was told');
      assert.equal(fromB.parsed.subject, 'You now have access to Venue B on Marquee');
      assert.match(fromB.parsed.text ?? '', /Hello Vic Tim,/, 'their own name, not the one B typed');
      const freshLink = linkIn(fromB.parsed.text ?? '');
      assert.ok(freshLink);
      assert.notEqual(freshLink, firstLink);
      assert.equal(await choosePassword(server, firstLink, STOLEN), 404, 'the earlier link ended');
      assert.equal(await canSignIn(server, victim, STOLEN), false);
      for (const guess of ['', 'none', TEST_PASSWORD])
        assert.equal(await canSignIn(server, victim, guess), false);

      // The person alone chooses their password, and works in both venues.
      assert.equal(await choosePassword(server, freshLink, CHOSEN), 303);
      const theirs = new BrowserSession(server.url, server.fetch);
      assert.equal((await signIn(server, theirs, victim, CHOSEN)).status, 303);
      assert.equal((await theirs.request(`/orgs/${a.orgId}/settings/team`)).status, 200);
      assert.equal((await theirs.request(`/orgs/${b.orgId}/settings/team`)).status, 200);

      // Nothing in the log carries a link.
      const log = server.logs.join('\n');
      for (const link of [firstLink, freshLink])
        assert.ok(!log.includes(link.split('/').pop()!), 'a link in the log');
    });

    it('adds and tells someone who signs in already, with no link at all', async () => {
      const venue = await makeWorkspaceVenue(suite.db, 'Venue C');
      const elsewhere = await makeOrganization(suite.db);
      const known = await makeUser(suite.db, elsewhere.id, { role: 'admin' });
      const admin = await workspaceSession(server, venue.admin.email, venue.orgId);
      const before = smtp.received.length;
      const added = await admin.session.request(`/orgs/${venue.orgId}/settings/team`, {
        form: { _csrf: admin.csrf, name: 'Known Person', email: known.email, role: 'member' },
      });
      assert.equal(added.location, `${server.url}/orgs/${venue.orgId}/settings/team?notice=added`);
      const [told] = await mailTo(known.email, before);
      assert.ok(told);
      assert.equal(told.parsed.subject, 'You now have access to Venue C on Marquee');
      assert.match(told.parsed.text ?? '', /Sign in with the password you already use:\n.*\/sign-in/);
      assert.equal(linkIn(told.parsed.text ?? ''), undefined);
      const links = await suite.db
        .selectFrom('password_links')
        .select('token_hash')
        .where('user_id', '=', known.id)
        .execute();
      assert.equal(links.length, 0, 'no link exists for their account');
    });
  });

  describe('without a mail server', () => {
    let server: TestServer;

    before(async () => {
      server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    });
    after(() => server.close());

    it('shows the link only to the admin whose invitation made the account, and ends it when another venue adds them', async () => {
      const a = await makeWorkspaceVenue(suite.db, 'Venue D');
      const b = await makeWorkspaceVenue(suite.db, 'Venue E');
      const adminA = await workspaceSession(server, a.admin.email, a.orgId);
      const adminB = await workspaceSession(server, b.admin.email, b.orgId);
      const person = 'pending@test.example';

      const invitedByA = await adminA.session.request(`/orgs/${a.orgId}/settings/team`, {
        form: { _csrf: adminA.csrf, name: 'Pen Ding', email: person, role: 'member' },
      });
      assert.equal(invitedByA.status, 200);
      assert.match(invitedByA.body, /No mail server is set up, so pass this link on to them yourself/);
      const shownToA = linkIn(invitedByA.body);
      assert.ok(shownToA, 'A made the account: A may pass the link on');

      const invitedByB = await adminB.session.request(`/orgs/${b.orgId}/settings/team`, {
        form: { _csrf: adminB.csrf, name: 'Pen Ding', email: person, role: 'admin' },
      });
      assert.equal(invitedByB.status, 303);
      assert.equal(invitedByB.location, `${server.url}/orgs/${b.orgId}/settings/team?notice=added-link-kept`);
      const shownB = await adminB.session.request(invitedByB.location!);
      assert.match(shownB.body, /waits in Outgoing mail until a mail server is set up/);
      assert.equal(linkIn(shownB.body), undefined);

      // A's admin held a link into an account that now opens venue B as admin: it no longer works.
      assert.equal(await choosePassword(server, shownToA, STOLEN), 404);
      assert.equal(await canSignIn(server, person, STOLEN), false);

      // B reads its outbox: the message is there, its link hidden.
      const kept = await suite.db
        .selectFrom('outgoing_mail')
        .select(['id', 'status'])
        .where('organization_id', '=', b.orgId)
        .where('to_address', '=', person)
        .executeTakeFirstOrThrow();
      assert.equal(kept.status, 'outbox');
      const read = await adminB.session.request(`/orgs/${b.orgId}/settings/outgoing-mail/${kept.id}`);
      assert.equal(linkIn(read.body), undefined);
      assert.match(read.body, /mqp_…/);
    });

    it('asks for the person’s name, reports every bad field at once, and lists the team by name', async () => {
      const venue = await makeWorkspaceVenue(suite.db, 'Venue F');
      const admin = await workspaceSession(server, venue.admin.email, venue.orgId);
      const bad = await admin.session.request(`/orgs/${venue.orgId}/settings/team`, {
        form: { _csrf: admin.csrf, name: ' ', email: 'not an address', role: 'owner' },
      });
      assert.equal(bad.status, 422);
      assert.equal(fieldError(bad.body, 'name'), 'Give their name, as the team will see it.');
      assert.equal(fieldError(bad.body, 'email'), '"not an address" is not an e-mail address.');
      assert.equal(fieldError(bad.body, 'role'), 'Role must be one of admin, member; got "owner".');

      const invited = await admin.session.request(`/orgs/${venue.orgId}/settings/team`, {
        form: { _csrf: admin.csrf, name: 'Zoë Ángel', email: 'zoe@test.example', role: 'member' },
      });
      assert.equal(invited.status, 200);
      const team = await admin.session.request(`/orgs/${venue.orgId}/settings/team`);
      assert.match(team.body, /<strong>Zoë Ángel<\/strong>/);
      const user = await suite.db
        .selectFrom('users')
        .select('name')
        .where('email', '=', 'zoe@test.example')
        .executeTakeFirstOrThrow();
      assert.equal(user.name, 'Zoë Ángel');
    });

    it('makes one account when two venues invite one new address at once, and shows a link to one inviter at most', async () => {
      for (let trial = 0; trial < 6; trial++) {
        const venues = await Promise.all([makeOrganization(suite.db), makeOrganization(suite.db)]);
        const admins = await Promise.all(venues.map((v) => makeUser(suite.db, v.id, { role: 'admin' })));
        const email = `race-${trial}-${venues[0]!.id}@test.example`;
        const outcomes = await Promise.all(
          venues.map((v, i) =>
            write(
              { db: suite.db, clock: systemClock },
              staffActor({ organizationId: v.id, userId: admins[i]!.id, role: 'admin', door: 'workspace' }),
              inviteMember,
              { email, name: 'Race', role: 'admin', sending: false, authUrl: server.config.authUrl },
            ),
          ),
        );
        const users = await suite.db.selectFrom('users').select('id').where('email', '=', email).execute();
        assert.equal(users.length, 1, 'one account');
        assert.equal(outcomes.filter((o) => o.kind === 'created').length, 1, 'one invitation made it');
        const shown = outcomes.filter((o) => o.kind === 'created' && o.passwordToken !== undefined);
        assert.ok(shown.length <= 1);
        const memberships = await suite.db
          .selectFrom('memberships')
          .select('organization_id')
          .where('user_id', '=', users[0]!.id)
          .execute();
        assert.equal(memberships.length, 2, 'a member of both');
        // The link a creator may have been shown ended when the other venue added the account.
        const live = await suite.db
          .selectFrom('password_links')
          .select('token_hash')
          .where('user_id', '=', users[0]!.id)
          .where('used_at', 'is', null)
          .execute();
        assert.ok(outcomes.some((o) => o.kind === 'added' && o.linkMailed));
        assert.equal(live.length, 1, 'one live link: the one mailed to the person by the later invitation');
      }
    });
  });
});
