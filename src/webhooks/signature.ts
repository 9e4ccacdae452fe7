/**
 * Standard Webhooks signatures (standardwebhooks.com): a secret is `whsec_` and base64 of random
 * bytes; a delivery is signed with HMAC-SHA256 over `id.timestamp.body`, sent as
 * `webhook-signature: v1,<base64>`, so receivers verify with the `standardwebhooks` or `svix`
 * libraries (or these few lines).
 */
import { createHmac } from 'node:crypto';
import { secureRandomBytes } from '../security/random.js';

const PREFIX = 'whsec_';

export function generateSigningSecret(): string {
  return PREFIX + secureRandomBytes(32).toString('base64');
}

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of a delivery of event `id` with `body`, signed at `timestamp` (Unix seconds). */
export function deliveryHeaders(secret: string, id: string, timestamp: number, body: string) {
  return {
    'content-type': 'application/json',
    'user-agent': 'Marquee-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(secret, id, timestamp, body),
  };
}
