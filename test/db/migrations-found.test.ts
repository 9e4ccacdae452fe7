/**
 * A migration is a file of src/db/migrations named after its timestamp, found there with no line
 * elsewhere, and applied in the order of the names: the order the migrations of every release so
 * far were applied in stays as it was.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { it } from 'node:test';
import { allMigrations, migrationFiles } from '../../src/db/migrate.js';

/** The migrations applied so far, in their order: never reordered. */
const APPLIED = [
  '2026-11-22T00-initial',
  '2026-11-22T01-oauth',
  '2026-11-22T02-notes',
  '2026-11-22T03-change-notify',
  '2026-11-23T00-venue-writes',
  '2026-11-23T01-events-webhooks',
  '2026-11-23T02-require-pkce',
  '2026-11-23T03-refresh-replay',
  '2026-11-23T04-scoped-changes',
  '2026-11-23T20-client-credentials-grants',
  '2026-11-23T21-covering-page-indexes',
  '2026-11-24T00-search-by-organization',
  '2026-11-24T01-booking-clash-index',
  '2026-11-25T00-token-selectors',
  '2026-11-27T00-clash-order-index',
  '2026-11-27T01-organization-settings',
  '2026-11-27T02-secretless-clients',
  '2026-11-27T03-password-links',
  '2026-11-27T04-search-phones',
  '2026-11-27T05-room-names-on-read',
  '2026-11-27T06-follow-ups',
  '2026-11-27T07-changes',
  '2026-11-27T08-events',
  '2026-11-27T09-calendar-feeds',
  '2026-11-27T11-api-keys',
  '2026-11-27T12-space-area-archive',
  '2026-11-27T13-pipelines',
  '2026-11-27T20-event-wall-clock',
  '2026-11-27T21-contact-email-index',
  '2026-11-27T22-space-holds-covering',
  '2026-11-27T23-organization-pricing',
  '2026-11-28T00-tax-rates',
  '2026-11-28T01-items',
  '2026-11-28T02-line-items',
  '2026-11-28T03-installments-payments',
  '2026-11-28T04-outgoing-mail',
  '2026-11-29T00-member-access-ends',
  '2026-11-29T04-stage-status',
  '2026-11-29T05-stage-totals-index',
  '2026-11-29T10-documents',
  '2026-11-29T11-beo-notes-html-mail',
  '2026-11-29T12-mail-from',
  '2026-11-29T14-booking-source',
  '2026-11-29T15-inquiry-form',
  '2026-11-29T18-assistants',
  '2026-11-29T21-report-indexes',
  '2026-11-29T22-unpaid-installments',
  '2026-11-29T23-events-of-a-booking',
  '2026-11-30T00-report-lines',
  '2026-12-01T05-inquiry-doors',
  '2026-12-05T10-replaced-proposals',
  '2026-12-05T40-organization-locale',
  '2026-12-05T60-signed-state',
  '2026-12-06T10-mail-attachments',
  '2026-12-06T40-mailbox-messages',
  '2026-12-06T41-message-drafts',
  '2026-12-06T42-conversation-mail',
  '2026-12-06T60-email-templates',
  '2026-12-07T20-unread-messages',
  '2026-12-07T40-mail-cc',
  '2026-12-08T00-jobs',
  '2026-12-08T10-tasks',
  '2026-12-08T20-inbox-indexes',
  '2026-12-08T30-custom-fields',
  '2026-12-08T50-automations',
  '2026-12-09T50-sending-window',
  '2026-12-10T20-approvals-index',
  '2026-12-10T20-task-emails',
  '2026-12-11T10-mail-and-deliveries-as-jobs',
  '2026-12-11T40-jobs-claim-order',
];

it('applies the migrations there were in the order they were applied', async () => {
  const names = Object.keys(await allMigrations());
  assert.deepEqual(names.slice(0, APPLIED.length), APPLIED);
});

it('finds every migration file of the source, and nothing else there', async () => {
  const sources = readdirSync('src/db/migrations');
  const names = Object.keys(await allMigrations());
  const dated = sources.filter((file) => /^\d{4}-\d{2}-\d{2}T\d{2}-/.test(file));
  assert.deepEqual(
    names,
    dated.map((file) => file.replace(/\.ts$/, '')),
  );
  for (const name of names) {
    const migration = (await allMigrations())[name]!;
    assert.equal(typeof migration.up, 'function', `${name} has an up`);
  }
  // What is not dated is imported by a migration: a migration misnamed would never run.
  const imported = sources
    .filter((file) => dated.includes(file))
    .map((file) => readFileSync(`src/db/migrations/${file}`, 'utf8'))
    .join('\n');
  for (const file of sources.filter((f) => !dated.includes(f))) {
    assert.ok(
      imported.includes(`./${file.replace(/\.ts$/, '.js')}'`),
      `${file} is neither a migration nor imported by one`,
    );
  }
});

it('takes a new dated file as the next migration, leaving helpers and source maps out', () => {
  const files = [
    'change-notify-triggers.js',
    '2026-12-11T40-jobs-claim-order.js',
    '2026-12-11T40-jobs-claim-order.js.map',
    '2026-11-22T00-initial.js',
    '2027-01-05T10-booking-referrer.js',
    '2026-12-10T20-task-emails.js',
    '2026-12-10T20-approvals-index.js',
  ];
  assert.deepEqual(
    [...migrationFiles(files)],
    [
      ['2026-11-22T00-initial', '2026-11-22T00-initial.js'],
      ['2026-12-10T20-approvals-index', '2026-12-10T20-approvals-index.js'],
      ['2026-12-10T20-task-emails', '2026-12-10T20-task-emails.js'],
      ['2026-12-11T40-jobs-claim-order', '2026-12-11T40-jobs-claim-order.js'],
      ['2027-01-05T10-booking-referrer', '2027-01-05T10-booking-referrer.js'],
    ],
  );
});
