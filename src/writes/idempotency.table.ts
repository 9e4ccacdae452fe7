export interface IdempotencyKeyTable {
  /** Who may replay: integration, user and organization. */
  scope: string;
  key: string;
  request_hash: string;
  status: number;
  /** The JSON body of the first response. */
  response: string;
  created_at: string;
}
