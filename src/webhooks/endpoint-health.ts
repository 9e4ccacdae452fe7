/**
 * An endpoint that keeps failing is disabled (SPEC §8): from its first failure after a success
 * the clock runs, any success stops it, and once every delivery has failed for
 * WEBHOOK_DISABLE_AFTER the endpoint takes no more deliveries, with the reason shown to the
 * integration (the API's `disabled_reason`) and on its settings page.
 */
import { isoTime } from '../clock.js';
import type { Trx } from '../db/database.js';
import { updateEndpointRow } from './endpoint.repository.js';
import type { WebhookEndpointTable } from './webhook.table.js';

export async function noteEndpointOutcome(
  trx: Trx,
  endpoint: WebhookEndpointTable,
  outcome: { ok: boolean; error: string | null },
  now: number,
  disableAfterSeconds: number,
): Promise<void> {
  if (outcome.ok) {
    if (endpoint.failing_since !== null) await updateEndpointRow(trx, endpoint.id, { failing_since: null });
    return;
  }
  if (endpoint.failing_since === null) {
    await updateEndpointRow(trx, endpoint.id, { failing_since: isoTime(now) });
    return;
  }
  const failingFor = (now - Date.parse(endpoint.failing_since)) / 1000;
  if (failingFor < disableAfterSeconds || endpoint.disabled_at !== null) return;
  await updateEndpointRow(trx, endpoint.id, {
    disabled_at: isoTime(now),
    disabled_reason: `Disabled after every delivery failed for ${span(failingFor)} (last: ${outcome.error ?? 'no answer'}). Turn it on again once it answers.`,
    updated_at: isoTime(now),
  });
}

function span(seconds: number): string {
  if (seconds < 2 * 3600) return `${Math.round(seconds / 60)} minutes`;
  if (seconds < 2 * 86400) return `${Math.round(seconds / 3600)} hours`;
  return `${Math.round(seconds / 86400)} days`;
}
