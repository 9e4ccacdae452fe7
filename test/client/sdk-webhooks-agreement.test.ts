/**
 * `Marquee.webhooks.verify` agrees with the `standardwebhooks` library: on generated secrets,
 * bodies, timestamps and tamperings, both accept with the same event or both refuse.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { Webhook, WebhookVerificationError as LibraryError } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError } from '../../client/src/index.js';

const TAMPERINGS = [
  'none',
  'body',
  'secret',
  'id',
  'timestamp',
  'drop-id',
  'drop-timestamp',
  'drop-signature',
  'several-signatures',
  'other-version',
  'truncated-signature',
] as const;
type Tampering = (typeof TAMPERINGS)[number];

/** Seconds from now, clear of the 300 s edges so the two clocks cannot disagree. */
const offset = fc.oneof(
  { weight: 1, arbitrary: fc.integer({ min: -1000, max: -310 }) },
  { weight: 4, arbitrary: fc.integer({ min: -290, max: 290 }) },
  { weight: 1, arbitrary: fc.integer({ min: 310, max: 1000 }) },
);

/** Half the deliveries untouched, so both outcomes are common. */
const tampering = fc.oneof(fc.constant<Tampering>('none'), fc.constantFrom(...TAMPERINGS));

const delivery = fc.record({
  key: fc.uint8Array({ minLength: 16, maxLength: 64 }),
  prefixed: fc.boolean(),
  id: fc.stringMatching(/^chg_[0-9a-z]{1,26}$/),
  name: fc.string({ unit: 'binary', maxLength: 40 }),
  indent: fc.integer({ min: 0, max: 2 }),
  asBytes: fc.boolean(),
  offset,
  tampering,
});

function tamper(
  tampering: Tampering,
  body: string,
  headers: Record<string, string>,
): { body: string; headers: Record<string, string>; otherSecret: boolean } {
  const h = { ...headers };
  const signature = h['webhook-signature']!;
  switch (tampering) {
    case 'body':
      body = body.replace('"account.created"', '"account.deleted"');
      break;
    case 'id':
      h['webhook-id'] += 'x';
      break;
    case 'timestamp':
      h['webhook-timestamp'] = String(Number(h['webhook-timestamp']) + 1);
      break;
    case 'drop-id':
    case 'drop-timestamp':
    case 'drop-signature':
      delete h[`webhook-${tampering.slice(5)}`];
      break;
    case 'several-signatures':
      h['webhook-signature'] = `v1,${Buffer.alloc(32, 1).toString('base64')} v1a,xyz ${signature}`;
      break;
    case 'other-version':
      h['webhook-signature'] = signature.replace('v1,', 'v2,');
      break;
    case 'truncated-signature':
      h['webhook-signature'] = signature.slice(0, -2);
      break;
  }
  return { body, headers: h, otherSecret: tampering === 'secret' };
}

type Outcome = { accepted: true; event: unknown } | { accepted: false };

it('agrees with the standardwebhooks library on accepting, refusing and the event returned', async () => {
  const seen = { accepted: 0, refused: 0 };
  await fc.assert(
    fc.asyncProperty(delivery, async (d) => {
      const secret = `${d.prefixed ? 'whsec_' : ''}${Buffer.from(d.key).toString('base64')}`;
      const other = `whsec_${Buffer.from(d.key.map((b) => b ^ 1)).toString('base64')}`;
      const event = {
        id: d.id,
        type: 'account.created',
        created_at: '2031-05-01T12:00:00.000Z',
        organization_id: '01hzzzzzzzzzzzzzzzzzzzzzzz',
        data: { object: { type: 'accounts', id: 'a1', attributes: { name: d.name } } },
      };
      const signedAt = new Date((Math.floor(Date.now() / 1000) + d.offset) * 1000);
      const signedBody = JSON.stringify(event, null, d.indent);
      const headers = {
        'webhook-id': d.id,
        'webhook-timestamp': String(signedAt.getTime() / 1000),
        'webhook-signature': new Webhook(secret).sign(d.id, signedAt, signedBody),
      };
      const sent = tamper(d.tampering, signedBody, headers);
      const key = sent.otherSecret ? other : secret;
      const payload = d.asBytes ? Buffer.from(sent.body) : sent.body;

      let library: Outcome;
      try {
        library = { accepted: true, event: new Webhook(key).verify(payload, sent.headers) };
      } catch (error) {
        if (!(error instanceof LibraryError)) throw error;
        library = { accepted: false };
      }
      let ours: Outcome;
      try {
        ours = { accepted: true, event: await verifyWebhook(payload, sent.headers, key) };
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        ours = { accepted: false };
      }
      assert.deepEqual(ours, library);
      seen[ours.accepted ? 'accepted' : 'refused']++;
    }),
    { numRuns: 300 },
  );
  assert.ok(seen.accepted >= 50, `many deliveries were accepted (${seen.accepted})`);
  assert.ok(seen.refused >= 50, `many deliveries were refused (${seen.refused})`);
});
