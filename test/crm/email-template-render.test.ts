/**
 * An e-mail template written for a booking (SPEC §17): renderEmailTemplate gives the subject and
 * plain text of a template with the booking's own names, days and amounts, in the organization's
 * locale, and the client's link where the mail names a document; on a rendering thread, with the
 * documents' bounds, so a template that outgrows them for a booking is refused with its line.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { moneyText } from '../../src/crm/money.js';
import { isRefusal } from '../../src/writes/refusal.js';
import {
  type EmailTemplate,
  listEmailTemplates,
  renderEmailTemplate,
} from '../../src/crm/email-templates/index.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { type PricedBooking, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { type Api, apiFor, changeDocument, created } from '../helpers/writes.js';

const LINK = 'https://venue.example/p/abc123';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let priced: PricedBooking;
  let reference: string;
  let grandTotal: number;
  let paidTotal: number;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2027-01-04T15:00:00Z'));
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    // A venue in New York reads American English (its locale by default).
    await venueSettings(admin, venue.orgId, 'America/New_York');
    priced = await pricedBooking(admin);
    const booking = await admin(`/v2/bookings/${priced.booking}`);
    reference = String(booking.body.data.attributes.reference);
    grandTotal = Number(booking.body.data.attributes.grand_total);
    paidTotal = Number(booking.body.data.attributes.paid_total);
  });
  after(() => server.close());

  const ofKind = async (kind: EmailTemplate['kind']) =>
    (await listEmailTemplates({ db: suite.db }, venue.orgId, kind))[0]!;
  const render = async (template: EmailTemplate, options: { portalUrl?: string } = {}) => {
    const outcome = await renderEmailTemplate(server.app.ctx, template, priced.booking, options);
    assert.ok(!isRefusal(outcome), 'written, not refused');
    return outcome;
  };

  it('writes the payment reminder with the booking’s names, days and amounts in the venue’s locale', async () => {
    assert.ok(grandTotal > 0, 'a priced booking');
    const reminder = await render(await ofKind('payment_reminder'), { portalUrl: LINK });
    assert.ok(reminder);
    assert.equal(reminder.subject, `Payment reminder: Mensah wedding (${reference})`);
    const text = reminder.text;
    assert.match(text, /^Dear Ama,\n\n/);
    assert.ok(text.includes('Mensah wedding on Saturday, June 12, 2027'), text);
    assert.ok(text.includes(`${moneyText(grandTotal - paidTotal, 'GBP', 'en-US')} in all`), text);
    assert.match(text, /\n- Deposit: £[\d,]+\.\d\d, due on signing\n/);
    assert.match(text, /\n- Balance: £[\d,]+\.\d\d, due /);
    assert.ok(text.includes(`Please quote ${reference} with your payment.`), text);
    assert.ok(text.includes(LINK), 'the link to the document the mail names');
    assert.match(text, /\nWarm regards,\n[^\n]+\nVenue [^\n]+\n$/, 'signed by the manager and the venue');
    assert.doesNotMatch(text, /\{\{|\{%/);
  });

  it('leaves the link out where a mail names no document, and says a date is held only once confirmed', async () => {
    const confirmation = await ofKind('signing_confirmation');
    const tentative = await render(confirmation);
    assert.ok(tentative);
    assert.ok(tentative.text.includes('We will be in touch shortly to confirm your date.'), tentative.text);
    assert.ok(!tentative.text.includes('https://'), 'no link without a document');
    const definite = await admin(`/v2/bookings/${priced.booking}`, {
      method: 'PATCH',
      body: changeDocument('bookings', priced.booking, { status: 'definite' }),
    });
    assert.equal(definite.status, 200, JSON.stringify(definite.body));
    const confirmed = await render(confirmation, { portalUrl: LINK });
    assert.ok(confirmed);
    assert.ok(
      confirmed.text.includes('Your booking is confirmed, and Saturday, June 12, 2027 is held for you.'),
      confirmed.text,
    );
    assert.ok(confirmed.text.includes(`here:\n${LINK}\n`), confirmed.text);
  });

  it('writes days and amounts in another locale when the organization reads one', async () => {
    const id = await created(admin, '/v2/email_templates', {
      data: {
        type: 'email_templates',
        attributes: {
          name: 'Programme',
          subject: '{{ booking.reference }}   {{ account.name }}\t{{ document.date }}',
          body: '{% for event in events %}{{ event.name }}: {{ event.day }}, {{ event.spaces }}\n{% endfor %}Total {{ totals.grand_total }}',
        },
      },
    });
    const settings = await admin('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, { locale: 'de-DE' }),
    });
    assert.equal(settings.status, 200, JSON.stringify(settings.body));
    const template = (await listEmailTemplates({ db: suite.db }, venue.orgId)).find((t) => t.id === id)!;
    const written = await render(template);
    assert.ok(written);
    assert.equal(
      written.subject,
      `${reference} Mensah family Montag, 4. Januar 2027`,
      'one line, dated the day it is written',
    );
    assert.ok(written.text.startsWith('Ceremony: Samstag, 12. Juni 2027, Grand Ballroom\n'), written.text);
    assert.ok(written.text.endsWith(`Total ${moneyText(grandTotal, 'GBP', 'de-DE')}\n`), written.text);
    assert.match(written.text, /Total [\d.]+,\d\d\s£/);
  });

  it('refuses to write a template that outgrows its bounds for this booking, naming the part and line', async () => {
    // About 6,000 steps a line: the sample's one line is within a part's 20,000, this booking's four are not.
    const heavy = await created(admin, '/v2/email_templates', {
      data: {
        type: 'email_templates',
        attributes: {
          name: 'Heavy',
          subject: 'Lines',
          body: 'Our lines:\n{% for line in lines %}{% for i in (1..3000) %}.{% endfor %}{% endfor %}',
        },
      },
    });
    const template = (await listEmailTemplates({ db: suite.db }, venue.orgId)).find((t) => t.id === heavy)!;
    const refused = await renderEmailTemplate(server.app.ctx, template, priced.booking);
    assert.ok(isRefusal(refused), 'refused');
    assert.equal(refused.status, 422);
    const [problem] = refused.problems;
    assert.equal(problem?.code, 'template_error');
    assert.equal(problem?.source?.pointer, '/data/attributes/template_id');
    assert.match(
      problem?.detail ?? '',
      /"Heavy" cannot be written for this booking \(its body, line 2: the body takes too long to render/,
    );
  });

  it('writes nothing for a booking of another organization', async () => {
    const other = await makeVenue(suite.db);
    const theirs = (await listEmailTemplates({ db: suite.db }, other.orgId, 'general'))[0]!;
    assert.equal(await renderEmailTemplate(server.app.ctx, theirs, priced.booking), undefined);
    assert.equal(await renderEmailTemplate(server.app.ctx, theirs, 'no-such-booking'), undefined);
  });
});
