/**
 * What the server gives every imported record: an id, the organization, and the time of the
 * import. Ids come from `monotonicId`, so they sort in the file's order, as the lists page them.
 */
import { isoTime } from '../clock.js';
import { monotonicId } from '../db/ids.js';

export interface Stamp {
  id: string;
  organization_id: string;
  created_at: string;
  updated_at: string;
}

export type NewRecord = () => Stamp;

export function stamper(organizationId: string, now: number): NewRecord {
  const at = isoTime(now);
  return () => ({ id: monotonicId(now), organization_id: organizationId, created_at: at, updated_at: at });
}
