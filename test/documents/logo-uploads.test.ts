/**
 * A venue's logo through Settings → Documents (SPEC §13), with real images made in the test: one
 * that would take too much to open (a 4,000-pixel square at 16 bits a channel, a decompression
 * bomb of 30,000 pixels a side in 120 KB) is refused from its header, in words; one that is
 * taken is kept ready for documents: at most 1,200 pixels a side, 8 bits a channel, without its
 * EXIF (a phone's GPS position included), and PDFs draw that. A logo kept before, unready, is
 * left out of a PDF rather than decoded.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import { pngHeaderOf, repeatedRowsPng } from '../helpers/png.js';
import { type Api, apiFor } from '../helpers/writes.js';

/** A phone's photo: a JPEG whose EXIF says where it was taken. */
function photoWithGps() {
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .withExif({
      IFD0: { ImageDescription: 'Taken at the owner’s home', Make: 'PhoneMaker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 27/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '2/1 35/1 0/1',
      },
    })
    .jpeg({ quality: 80 })
    .toBuffer();
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: BrowserSession;
  let api: Api;
  let path: string;

  const upload = async (bytes: Uint8Array, name = 'logo.png', type = 'image/png') => {
    const page = await admin.request(path);
    const form = new FormData();
    form.append('_csrf', formFields(page.body, `${path}/logo`)._csrf ?? '');
    form.append('logo', new Blob([bytes], { type }), name);
    const response = await fetch(`${server.url}${path}/logo`, {
      method: 'POST',
      body: form,
      headers: { cookie: admin.cookieHeader() },
      redirect: 'manual',
    });
    return { status: response.status, body: await response.text() };
  };
  const keptLogo = async () => {
    const settings = await suite.db
      .selectFrom('document_settings')
      .select('logo_sha256')
      .where('organization_id', '=', venue.orgId)
      .executeTakeFirst();
    if (!settings?.logo_sha256) return undefined;
    const row = await suite.db
      .selectFrom('document_logos')
      .selectAll()
      .where('organization_id', '=', venue.orgId)
      .where('sha256', '=', settings.logo_sha256)
      .executeTakeFirstOrThrow();
    return { ...row, bytes: new Uint8Array(row.bytes) };
  };
  const proposalPdf = async () => {
    const { booking } = await pricedBooking(api, { events: 1, linesPerEvent: 1 });
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
    assert.equal(pdf.status, 200);
    return Buffer.from(await pdf.arrayBuffer());
  };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    venue = await makeVenue(suite.db);
    admin = new BrowserSession(server.url);
    await signIn(server, admin, venue.user.email);
    path = `/orgs/${venue.orgId}/settings/documents`;
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(api, venue.orgId);
  });
  after(() => server.close());

  describe('refused from its header', () => {
    it('refuses a small file that would take too much to open, saying why', async () => {
      const deep = await repeatedRowsPng({
        width: 4000,
        height: 4000,
        bitDepth: 16,
        colourType: 6,
        fill: 0x7f,
      });
      const bomb = await repeatedRowsPng({ width: 30_000, height: 30_000, bitDepth: 1, colourType: 0 });
      for (const bytes of [deep, bomb]) assert.ok(bytes.length < 1024 * 1024, `${bytes.length} bytes`);

      const refusedDeep = await upload(deep);
      assert.equal(refusedDeep.status, 422);
      assert.match(
        refusedDeep.body,
        /The logo is 4000 × 4000 pixels at 16 bits a channel: opening it would take 128 MB, and a logo may take 64 MB\./,
      );
      const refusedBomb = await upload(bomb);
      assert.equal(refusedBomb.status, 422);
      assert.match(refusedBomb.body, /The logo is 30000 × 30000 pixels: at most 4000 on a side will do\./);
      assert.equal(await keptLogo(), undefined, 'nothing kept');
    });
  });

  describe('kept ready for documents', () => {
    it('keeps a 16-bit PNG at 8 bits and at most 1,200 pixels a side', async () => {
      const deep = await repeatedRowsPng({
        width: 1800,
        height: 600,
        bitDepth: 16,
        colourType: 2,
        fill: 0x33,
      });
      const taken = await upload(deep);
      assert.equal(taken.status, 303, /field-error[^>]*>([^<]*)/.exec(taken.body)?.[1]);
      const kept = (await keptLogo())!;
      assert.equal(kept.media_type, 'image/png');
      assert.deepEqual(pngHeaderOf(kept.bytes), { width: 1200, height: 400, bitDepth: 8, colourType: 2 });
      assert.deepEqual([Number(kept.width), Number(kept.height)], [1200, 400]);
      assert.equal(kept.sha256, createHash('sha256').update(kept.bytes).digest('hex'));
    });

    it('keeps a PNG whose data runs on past its rows as the image its header says', async () => {
      const overflowing = await repeatedRowsPng({
        width: 2000,
        height: 2000,
        bitDepth: 8,
        colourType: 0,
        fill: 0xaa,
        extraRows: 100_000,
      });
      const taken = await upload(overflowing);
      assert.equal(taken.status, 303, /field-error[^>]*>([^<]*)/.exec(taken.body)?.[1]);
      const kept = (await keptLogo())!;
      const header = pngHeaderOf(kept.bytes);
      assert.deepEqual([header.width, header.height, header.bitDepth], [1200, 1200, 8]);
    });

    it('keeps a phone’s JPEG without its EXIF and GPS position, and PDFs draw it as kept', async () => {
      const photo = await photoWithGps();
      assert.ok((await sharp(photo).metadata()).exif, 'the photo has EXIF');
      assert.ok(photo.includes(Buffer.from('PhoneMaker')));
      const taken = await upload(photo, 'IMG_0042.jpg', 'image/jpeg');
      assert.equal(taken.status, 303, /field-error[^>]*>([^<]*)/.exec(taken.body)?.[1]);
      const kept = (await keptLogo())!;
      assert.equal(kept.media_type, 'image/jpeg');
      const bytes = Buffer.from(kept.bytes);
      const metadata = await sharp(bytes).metadata();
      assert.deepEqual([metadata.format, metadata.width, metadata.height], ['jpeg', 1200, 675]);
      assert.equal(metadata.exif, undefined, 'no EXIF');
      for (const trace of ['Exif', 'PhoneMaker', 'Taken at the owner']) {
        assert.ok(!bytes.includes(Buffer.from(trace)), `nothing of "${trace}" is kept`);
      }

      const pdf = await proposalPdf();
      assert.ok(pdf.includes(Buffer.from('/Subtype /Image')), 'the logo is drawn');
      assert.ok(pdf.includes(Buffer.from('/Width 1200')), 'at the size it was kept');
      assert.ok(pdf.includes(Buffer.from('/BitsPerComponent 8')));
    });

    it('leaves a logo kept before, unready, out of a PDF rather than decoding it', async () => {
      const deep = await repeatedRowsPng({
        width: 4000,
        height: 4000,
        bitDepth: 16,
        colourType: 6,
        fill: 0x7f,
      });
      const sha256 = createHash('sha256').update(deep).digest('hex');
      await suite.db
        .insertInto('document_logos')
        .values({
          organization_id: venue.orgId,
          sha256,
          media_type: 'image/png',
          width: 4000,
          height: 4000,
          bytes: deep,
          created_at: '2026-01-05T10:00:00.000Z',
        })
        .execute();
      await suite.db
        .updateTable('document_settings')
        .set({ logo_sha256: sha256 })
        .where('organization_id', '=', venue.orgId)
        .execute();
      const pdf = await proposalPdf();
      assert.ok(!pdf.includes(Buffer.from('/Subtype /Image')), 'no image in the PDF');
      const page = await admin.request(path);
      assert.match(
        page.body,
        /The logo kept earlier is larger than documents take, so they show the venue’s name/,
      );
      assert.ok(!page.body.includes('class="logo-preview"'), 'not opened in the page either');
      assert.ok((await pdfText(new Uint8Array(pdf))).pages[0]!.includes('Mensah wedding'));
    });
  });
});
