/**
 * Every render of a document template has data and a Liquid context of its own (SPEC §13): a tag
 * that writes (increment, decrement, assign, capture, cycle) or a filter over a list changes
 * nothing another render reads. One venue's template, however it is written, leaves another
 * venue's template check and its list of merge fields as they were; within a venue, the header,
 * footer and terms of a document, and two documents, start from the same data.
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
import { type Api, apiFor } from '../helpers/writes.js';

/** The merge fields a Settings → Documents page lists, name → sample value. */
function listedFields(page: string): Map<string, string> {
  const list = /<details class="merge-fields">([\s\S]*?)<\/details>/.exec(page)?.[1] ?? '';
  const fields = new Map<string, string>();
  for (const [, name, value] of list.matchAll(/<dt><code>([^<]*)<\/code><\/dt><dd>([^<]*)<\/dd>/g)) {
    fields.set(name!, value!);
  }
  return fields;
}

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
  const proposalText = async (which: number, booking: string) => {
    const { api, venue } = venues[which]!;
    const made = await api<{ data: { id: string } }>('/v2/documents', {
      method: 'POST',
      body: documentBody('proposal', booking),
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const pdf = await server.fetch(`${server.url}/v2/documents/${made.body.data.id}/pdf`, {
      headers: {
        authorization: `Bearer ${await clientCredentialsToken(server, venue)}`,
        'x-api-org': venue.orgId,
      },
    });
    return (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text;
  };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    for (let i = 0; i < 2; i++) {
      const venue = await makeVenue(suite.db);
      const admin = new BrowserSession(server.url, server.fetch);
      await signIn(server, admin, venue.user.email);
      const api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
      await venueSettings(api, venue.orgId);
      venues.push({ venue, admin, api, path: `/orgs/${venue.orgId}/settings/documents` });
    }
  });
  after(() => server.close());

  describe('one venue’s template', () => {
    it('leaves another venue’s template check and merge fields as they were', async () => {
      const before = listedFields((await venues[1]!.admin.request(venues[1]!.path)).body);
      assert.equal(before.get('venue.name'), 'Harbour Rooms');
      assert.ok(before.size > 30, `${before.size} fields`);

      // Every tag that writes, aimed at the names every template reads.
      const attack = await save(0, {
        header: [
          '{% increment venue %}{% increment booking %}{% decrement totals %}{% increment intruder_name %}',
          '{% assign account = "Mallory" %}{% capture contact %}Mallory{% endcapture %}',
          '{% assign events = events | push: "extra" | reverse %}{% cycle "x", "y" %}',
          '{% tablerow e in lines %}{% increment lines_seen %}{% endtablerow %}',
        ].join('\n'),
        footer: '{% decrement schedule %}{% increment document %}',
        terms: 'Terms',
      });
      assert.equal(attack.status, 303, 'the tags are allowed: they write into their own render only');

      const after = listedFields((await venues[1]!.admin.request(venues[1]!.path)).body);
      assert.deepEqual([...after], [...before], 'the other venue lists the same fields and samples');
      const saved = await save(1, {
        header: 'Dear {{ contact.first_name }} of {{ account.name }}, at {{ venue.name }}',
        footer: '{{ booking.reference }} · {{ document.title }} · {{ schedule[0].label }}',
        terms: '{% for e in events %}{{ e.name }}{% endfor %} {{ totals.grand_total }} {{ lines.size }}',
      });
      assert.equal(saved.status, 303, /field-error[^>]*>([^<]*)/.exec(saved.body)?.[1]);

      const { booking } = await pricedBooking(venues[1]!.api, { events: 1, linesPerEvent: 1 });
      const text = await proposalText(1, booking);
      assert.ok(text.includes('Dear Ama of Mensah family'), text);
      assert.ok(!text.includes('Mallory'), text);
    });
  });

  describe('within one venue', () => {
    it('starts the header, the footer, the terms and every document from the same data', async () => {
      const saved = await save(0, {
        header:
          'Header count {% increment n %} {% cycle "first", "second" %} {% assign events = events | push: "x" %}{{ events.size }} events',
        footer: 'Footer count {% increment n %} {% cycle "first", "second" %} {{ events.size }} events',
        terms:
          'Terms count {% decrement n %} {% capture account %}Captured{% endcapture %}{{ account }}\n\n{% increment booking %}',
      });
      assert.equal(saved.status, 303, /field-error[^>]*>([^<]*)/.exec(saved.body)?.[1]);
      const { booking } = await pricedBooking(venues[0]!.api, { events: 1, linesPerEvent: 1 });
      for (const attempt of [1, 2]) {
        const text = await proposalText(0, booking);
        assert.ok(text.includes('Header count 0 first 2 events'), `document ${attempt}: ${text}`);
        assert.ok(text.includes('Footer count 0 first 1 events'), `document ${attempt}: ${text}`);
        assert.ok(text.includes('Terms count -1 Captured'), `document ${attempt}: ${text}`);
        assert.ok(text.includes('Mensah wedding'), 'the booking is the booking in the masthead');
      }
    });
  });
});
