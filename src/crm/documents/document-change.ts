/**
 * What every action on a document starts and ends with: the document named, at the version it
 * was read, refused when the action cannot be taken on it now or by this actor
 * (document-rules.ts), the refusal returned; and its change, recorded as `document.updated`.
 */
import { isRefusal, type Refusal } from '../../writes/refusal.js';
import type { Work } from '../../writes/unit-of-work.js';
import { recordUpdated } from '../change-events.js';
import { updateRecord } from '../records.js';
import { toChange } from '../value-commands.js';
import { actionRefusal } from './document-rules.js';
import { documentDefinition } from './document.resource.js';
import type { DocumentRow } from './document.table.js';

export interface Target {
  id: string;
  ifMatch?: string | undefined;
}

export async function changeDocument(
  work: Work,
  current: DocumentRow,
  changes: Partial<DocumentRow>,
): Promise<DocumentRow> {
  const updated = await updateRecord(work.trx, 'documents', current, changes, work.now);
  await recordUpdated(work.trx, documentDefinition, current, updated, work.now);
  return updated;
}

/**
 * The document an action names, at the version it was read, or the refusal: 404, 412, or the
 * action cannot be taken on it now or by this actor (document-rules.ts).
 */
export async function documentToAct(
  work: Work,
  action: 'send' | 'issue' | 'void' | 'sign',
  target: Target,
): Promise<DocumentRow | Refusal> {
  const current = await toChange(work, documentDefinition, { id: target.id, ifMatch: target.ifMatch });
  if (isRefusal(current)) return current;
  return actionRefusal(action, current, work.actor) ?? current;
}
