/** Webhook endpoints of integrations, and the deliveries of events to them (SPEC §8). */
export interface WebhookEndpointTable {
  id: string;
  integration_id: string;
  organization_id: string;
  url: string;
  description: string | null;
  /** JSON array of event types, or `["*"]` for all. */
  events: string;
  /** The signing secret (`whsec_…`), needed to sign every delivery. */
  secret: string;
  /** Set when the endpoint takes no deliveries (turned off, or disabled after failing too long). */
  disabled_at: string | null;
  disabled_reason: string | null;
  /** When its deliveries began to fail without one success since; null while they succeed. */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveryTable {
  id: string;
  endpoint_id: string;
  change_id: string;
  status: DeliveryStatus;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due; null once the delivery succeeded or failed for good. */
  next_attempt_at: string | null;
  /** A worker holds the delivery until then; it may be taken again after (its holder died). */
  lease_expires_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../db/database.js' {
  interface Database {
    webhook_endpoints: WebhookEndpointTable;
    webhook_deliveries: WebhookDeliveryTable;
  }
}
