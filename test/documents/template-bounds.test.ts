/**
 * A venue's templates are rendered off the event loop and off the organization's lock, within
 * bounds (SPEC §13, docs/decisions/0013): a part may take so many steps (a tag, an output, a turn
 * of a loop) and make so much text, and a document's parts together so many again. A template
 * past a bound is refused in words that name the part: when it is saved, against the sample, and
 * when a document is made for a booking it outgrows. While one venue's heavy documents are made,
 * the server answers its health checks, the same venue's other writes, and another venue's
 * documents.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import { type Api, accountDocument, apiFor, type ErrorBody } from '../helpers/writes.js';

/** A loop of `turns` turns doing nothing: a step a turn. */
const spin = (turns: number) => `{% for i in (1..${turns}) %}{% endfor %}`;
/** A template that is heavy but within the bounds: about 9,000 steps of a part's 20,000. */
const HEAVY = `Heavy {% for i in (1..3000) %}{% if i == 0 %}x{% endif %}{% endfor %}`;

eachDatabase((suite) => {
  let server: TestServer;
  const venues: Array<{ venue: Venue; admin: BrowserSession; api: Api; path: string }> = [];

  const save = async (which: number, texts: Record<string, string>) => {
    const { admin, path } = venues[which]!;
    const page = await admin.request(`${path}?kind=proposal`);
    return admin.request(`${path}/templates/proposal`, {
      form: { ...formFields(page.body, `${path}/templates/proposal`), ...texts },
    });
  };
  const errorsOf = (body: string) =>
    [...body.matchAll(/class="field-error"[^>]*>([^<]*)</g)].map((m) => m[1]!.replace(/&quot;/g, '"'));

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    for (let i = 0; i < 2; i++) {
      const venue = await makeVenue(suite.db);
      const admin = new BrowserSession(server.url);
      await signIn(server, admin, venue.user.email);
      const api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
      await venueSettings(api, venue.orgId);
      venues.push({ venue, admin, api, path: `/orgs/${venue.orgId}/settings/documents` });
    }
  });
  after(() => server.close());

  describe('when a template is saved', () => {
    it('refuses each part that loops 200,000 times, naming it', async () => {
      const refused = await save(0, { header: spin(200_000), footer: spin(200_000), terms: spin(200_000) });
      assert.equal(refused.status, 422);
      const errors = errorsOf(refused.body);
      for (const words of ['the header takes', 'the footer takes', 'the terms take']) {
        assert.ok(
          errors.some((e) => e.startsWith(`Line 1: ${words} too long to render`)),
          `${words}: ${errors.join(' | ')}`,
        );
      }
    });

    it('refuses parts that are each within their bound but not together, naming the one past it', async () => {
      const refused = await save(0, { header: spin(15_000), footer: spin(15_000), terms: spin(15_000) });
      assert.equal(refused.status, 422);
      const errors = errorsOf(refused.body);
      assert.equal(errors.length, 1, errors.join(' | '));
      assert.match(errors[0]!, /^Line 1: with the header and footer, the terms take too long to render/);
    });

    it('refuses a part that makes more text than a document holds', async () => {
      const refused = await save(0, {
        header: 'Fine',
        footer: 'Fine',
        terms: `{% for i in (1..2000) %}{{ venue.address }} {{ venue.address }}{% endfor %}`,
      });
      assert.equal(refused.status, 422);
      assert.match(errorsOf(refused.body).join(' | '), /Line 1: the terms make more than 100,000 characters/);
    });
  });

  describe('when a document is made', () => {
    it('refuses a template that outgrows its bound for this booking, naming the part', async () => {
      const saved = await save(0, {
        header: 'Fine',
        footer: 'Fine',
        terms: `{% for l in lines %}${spin(8_000)}{% endfor %}`,
      });
      assert.equal(saved.status, 303, errorsOf(saved.body).join(' | '));
      const { booking } = await pricedBooking(venues[0]!.api, { events: 2, linesPerEvent: 2 });
      const made = await venues[0]!.api<ErrorBody>('/v2/documents', {
        method: 'POST',
        body: documentBody('proposal', booking),
      });
      assert.equal(made.status, 422, JSON.stringify(made.body));
      const detail = made.body.errors[0]!.detail ?? '';
      assert.match(detail, /terms template/);
      assert.match(detail, /the terms take too long to render/);
    });
  });

  describe('while one venue’s heavy documents are made', () => {
    it('answers health checks, the venue’s other writes and another venue’s documents first', async () => {
      const saved = await save(0, { header: HEAVY, footer: HEAVY, terms: HEAVY });
      assert.equal(saved.status, 303, errorsOf(saved.body).join(' | '));
      const heavy = await pricedBooking(venues[0]!.api, { events: 1, linesPerEvent: 1 });
      const light = await pricedBooking(venues[1]!.api, { name: 'Light', events: 1, linesPerEvent: 1 });

      const order: string[] = [];
      const COUNT = 12;
      const creations = Array.from({ length: COUNT }, (_, n) =>
        venues[0]!
          .api('/v2/documents', { method: 'POST', body: documentBody('proposal', heavy.booking) })
          .then((answer) => {
            assert.equal(answer.status, 201, JSON.stringify(answer.body));
            order.push(`heavy ${n}`);
          }),
      );
      // Renders are under way once the first document is made.
      await Promise.race(creations);
      const pending = () => COUNT - order.filter((o) => o.startsWith('heavy')).length;
      const waiting = pending();

      let healthAnswers = 0;
      const health = (async () => {
        while (pending() > 0) {
          const answer = await fetch(`${server.url}/healthz`);
          assert.equal(answer.status, 200);
          await answer.text();
          healthAnswers++;
          if (healthAnswers === 3) order.push('health');
        }
      })();
      const write = venues[0]!
        .api('/v2/accounts', {
          method: 'POST',
          body: accountDocument({ name: 'Written meanwhile' }),
        })
        .then((answer) => {
          assert.equal(answer.status, 201);
          order.push('write');
        });
      const other = venues[1]!
        .api<{ data: { id: string } }>('/v2/documents', {
          method: 'POST',
          body: documentBody('proposal', light.booking),
        })
        .then((answer) => {
          assert.equal(answer.status, 201, JSON.stringify(answer.body));
          order.push('other');
          return answer.body.data.id;
        });
      await Promise.all([...creations, health, write, other]);

      const lastHeavy = Math.max(...order.map((o, i) => (o.startsWith('heavy') ? i : -1)));
      for (const first of ['health', 'write', 'other']) {
        assert.ok(order.indexOf(first) >= 0 && order.indexOf(first) < lastHeavy, `${first} before: ${order}`);
      }
      assert.ok(waiting >= 2, `${waiting} documents were still being made`);
      // Each heavy document takes its render's time; a health check takes none of it.
      assert.ok(
        healthAnswers >= 3 * waiting,
        `${healthAnswers} health answers while ${waiting} documents were made`,
      );

      const pdf = await fetch(`${server.url}/v2/documents/${await other}/pdf`, {
        headers: {
          authorization: `Bearer ${await clientCredentialsToken(server, venues[1]!.venue)}`,
          'x-api-org': venues[1]!.venue.orgId,
        },
      });
      assert.equal(pdf.status, 200);
      assert.ok((await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text.includes('Light'));
    });
  });
});
