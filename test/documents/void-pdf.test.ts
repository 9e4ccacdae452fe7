/**
 * A voided document's PDF (SPEC §13, "Versions, finals and voids"): `GET …/pdf` carries VOID on
 * every page of a multi-page invoice, its number and figures as issued; `?as=issued` still
 * returns the bytes kept when it was issued (their SHA-256 its sha256), unmarked; a draft never
 * issued has no issued PDF (404).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import { type Api, apiFor, type ErrorBody } from '../helpers/writes.js';

interface Body {
  data: { id: string; attributes: Record<string, unknown> };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let token: string;

  const pdfOf = async (id: string, query = '') => {
    const response = await server.fetch(`${server.url}/v2/documents/${id}/pdf${query}`, {
      headers: { authorization: `Bearer ${token}`, 'x-api-org': venue.orgId },
    });
    return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    venue = await makeVenue(suite.db);
    token = await clientCredentialsToken(server, venue);
    admin = apiFor(server, token, venue.orgId);
    await venueSettings(admin, venue.orgId);
  });
  after(() => server.close());

  describe('a void invoice', () => {
    it('carries VOID on every page, while ?as=issued returns the bytes issued', async () => {
      const priced = await pricedBooking(admin, { name: 'Asante wedding', events: 4, linesPerEvent: 8 });
      const made = await admin<Body>('/v2/documents', {
        method: 'POST',
        body: documentBody('invoice', priced.booking),
      });
      const id = made.body.data.id;
      const neverIssued = await pdfOf(id, '?as=issued');
      assert.equal(neverIssued.status, 404, 'a draft has no issued PDF');

      const issued = await admin<Body>(`/v2/documents/${id}/issue`, { method: 'POST' });
      assert.equal(issued.status, 200, JSON.stringify(issued.body));
      const issuedPdf = await pdfOf(id);
      const issuedText = await pdfText(issuedPdf.bytes);
      assert.ok(issuedText.pages.length >= 2, `a multi-page invoice (${issuedText.pages.length} pages)`);
      assert.ok(!issuedText.text.includes('VOID'));

      const voided = await admin<Body>(`/v2/documents/${id}/void`, { method: 'POST' });
      assert.equal(voided.status, 200, JSON.stringify(voided.body));
      const voidPdf = await pdfOf(id);
      assert.equal(voidPdf.status, 200);
      assert.notEqual(sha256(voidPdf.bytes), sha256(issuedPdf.bytes), 'not the valid bytes');
      const voidText = await pdfText(voidPdf.bytes);
      assert.equal(voidText.pages.length, issuedText.pages.length);
      voidText.pages.forEach((page, n) => assert.ok(page.includes('VOID'), `page ${n + 1} says VOID`));
      assert.ok(voidText.text.includes('INV-00001'), 'its number as issued');
      assert.ok(voidText.text.includes('Asante wedding'));
      assert.ok(!voidText.text.includes('DRAFT'), 'void, not a draft');

      const asIssued = await pdfOf(id, '?as=issued');
      assert.equal(asIssued.status, 200);
      assert.equal(sha256(asIssued.bytes), issued.body.data.attributes.sha256, 'the bytes issued, unchanged');
      assert.deepEqual((await pdfText(asIssued.bytes)).pages, issuedText.pages);

      const wrong = await server.fetch(`${server.url}/v2/documents/${id}/pdf?as=signed`, {
        headers: { authorization: `Bearer ${token}`, 'x-api-org': venue.orgId },
      });
      assert.equal(wrong.status, 400);
      assert.equal(((await wrong.json()) as ErrorBody).errors[0]?.source?.parameter, 'as');
      if (process.env.MARQUEE_KEEP_PDFS)
        writeFileSync(path.join(os.tmpdir(), `void-invoice-${suite.database.dialect}.pdf`), voidPdf.bytes);
    });
  });
});
