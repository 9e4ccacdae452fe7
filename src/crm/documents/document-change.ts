/**
 * What every action on a document starts and ends with: the document named, at the version it
 * was read, refused when the action cannot be taken on it now or by this actor
 * (document-rules.ts); and its change, recorded as `document.updated`.
 */
import type { Work } from '../../writes/unit-of-work.js';
import { recordUpdated } from '../change-events.js';
import { recordToChange, updateRecord } from '../records.js';
import { actionRefusal } from './document-rules.js';
import { refuse } from './document.commands.js';
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
 * The document an action names, at the version it was read (404, 412), refused when the action
 * cannot be taken on it now or by this actor (document-rules.ts).
 */
export async function documentToAct(
  { trx, actor }: Work,
  action: 'send' | 'issue' | 'void',
  target: Target,
): Promise<DocumentRow> {
  const current = await recordToChange(
    trx,
    documentDefinition,
    actor.organizationId,
    target.id,
    target.ifMatch,
  );
  refuse(actionRefusal(action, current, actor));
  return current;
}
