/**
 * The documents part of the workspace walk (SPEC §13): Settings → Documents (the venue's address,
 * a logo uploaded, a broken template refused with its line and reason); a tentative booking made
 * with a new contact; its proposal made from the booking's page, previewed and sent (the client's
 * link shown once); the link opened in a fresh browser context, as the client on a 390 px phone,
 * and accepted; back in the workspace, the booking is definite and its page says who accepted.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Clock } from '../../src/clock.js';
import { bandedPng } from './png.js';

export const DOCUMENTS_WALK_PAGES = 8;

export interface DocumentsWalk {
  page: Page;
  server: { url: string; clock: Clock };
  orgId: string;
  visit: (name: string, on?: Page) => Promise<void>;
}

const dayAhead = (clock: Clock, days: number, time: string) =>
  `${new Date(clock.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;

export async function walkDocuments({ page, server, orgId, visit }: DocumentsWalk): Promise<void> {
  const field = (label: string | RegExp) => page.getByLabel(label, { exact: typeof label === 'string' });

  // Settings → Documents: the address under the venue's name, a logo, and a template refused.
  await page.goto(`${server.url}/orgs/${orgId}/settings/documents`);
  await page.getByRole('heading', { name: 'Documents', exact: true }).waitFor();
  await field(/^Address/).fill('1 Quay Street\nBristol BS1 4DJ');
  await page.getByRole('button', { name: 'Save address' }).click();
  await page.getByText('Address saved.').waitFor();
  await page.getByLabel('A PNG or JPEG, at most 1 MB').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: bandedPng(240, 80, [36, 59, 99], [214, 180, 96]),
  });
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await page.getByText('Logo saved: new documents show it.').waitFor();
  await page.getByRole('img', { name: 'The venue’s logo' }).waitFor();
  await visit('settings-documents');
  await field(/^Header: the opening words/).fill(
    'Dear {{ contact.first_name }},\n\nWelcome to {{ booking.nam }}.',
  );
  await page.getByRole('button', { name: 'Save templates' }).click();
  await page.getByRole('heading', { name: 'Please correct these fields' }).waitFor();
  assert.match(
    await page.locator('#field-header-error').innerText(),
    /^Line 3: \{\{ booking\.nam \}\} is not a merge field/,
  );
  await visit('settings-documents-refused');

  // A tentative booking with a new contact, who has an e-mail address to send the proposal to.
  await page.goto(`${server.url}/orgs/${orgId}/bookings/new`);
  await field('Event name').fill('Ní Bhriain wedding');
  await page.locator('#field-account').selectOption({ label: 'Lumen Studios' });
  await page.getByLabel('Status').selectOption('tentative');
  await field('Starts').fill(dayAhead(server.clock, 12, '14:00'));
  await field('Ends').fill(dayAhead(server.clock, 12, '23:00'));
  await page.getByLabel('Time zone').selectOption('Europe/London');
  await page.getByLabel('Boathouse (up to 120)').check();
  await field(/^Guests/).fill('90');
  await field('Currency').fill('GBP');
  await page.getByText('A new account or contact').click();
  await field(/^New contact’s first name/).fill('Aoife');
  await field(/^Last name/).fill('Ní Bhriain');
  await page.locator('#field-new_contact_email').fill('aoife@nibhriain.example');
  await page.getByRole('button', { name: 'Create booking' }).click();
  await page.getByText('Booking created.').waitFor();
  const bookingUrl = page.url().replace(/\?.*$/, '');

  // Its proposal, made from the booking's page, previewed, then sent: the link is shown once.
  const documents = page.getByRole('region', { name: 'Documents' });
  await documents.getByLabel('New version of').selectOption({ label: 'Proposal' });
  await documents.getByRole('button', { name: 'Make it' }).click();
  await page.getByRole('heading', { name: 'Proposal v1' }).waitFor();
  assert.match(
    await page.locator('article.doc').innerText(),
    /Prepared for\s+Aoife Ní Bhriain[\s\S]*Ní Bhriain wedding/i,
  );
  assert.ok(await page.locator('article.doc img.doc-logo').count(), 'the logo is on it');
  await visit('document-preview');
  const pdf = await page.request.get(`${page.url().replace(/\?.*$/, '')}/pdf`);
  assert.equal(pdf.headers()['content-type'], 'application/pdf');
  await page.getByRole('button', { name: 'Send to client' }).click();
  const shared = page.getByLabel('Client link');
  await shared.waitFor();
  const link = await shared.inputValue();
  assert.match(link, new RegExp(`^${server.url}/p/mqd_`));
  await visit('document-sent');
  await page.goto(bookingUrl);
  assert.match(await documents.innerText(), /Proposal v1[\s\S]*not opened yet[\s\S]*Sent/);
  await visit('booking-documents');

  // The client, on a phone, in a browser of their own: no sign-in, the proposal, and acceptance.
  const client = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 } });
  const phone = await client.newPage();
  const refused: string[] = [];
  phone.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await phone.goto(link);
  await phone.getByRole('heading', { name: 'Ní Bhriain wedding' }).waitFor();
  await visit('portal', phone);
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.getByLabel('Your full name').fill('Aoife Ní Bhriain');
  await phone.getByLabel('I agree to this proposal and its terms').check();
  await phone.getByRole('button', { name: 'Accept proposal' }).click();
  await phone.getByText('Thank you: your acceptance is recorded.').waitFor();
  assert.match(await phone.getByRole('status').last().innerText(), /Aoife Ní Bhriain accepted this proposal/);
  await visit('portal-accepted', phone);
  assert.deepEqual(refused, [], 'the portal breaks none of its policy');
  await client.close();

  // Back in the workspace: the booking is definite, and its page says who accepted.
  await page.goto(bookingUrl);
  await page.locator('.head-actions .badge', { hasText: 'Definite' }).waitFor();
  assert.match(
    await documents.innerText(),
    /The booking turned definite when it was accepted[\s\S]*Accepted\s+by Aoife Ní Bhriain/,
  );
  await visit('booking-accepted');
}
