/**
 * A new document's templates as rendered before its unit of work (document-making.ts), and the
 * key of what they were rendered from: the command (document.commands.ts) reads the booking's
 * data and the templates again under the lock and keeps what was rendered only when the key is
 * the same, without keeping either.
 */
import { createHash } from 'node:crypto';
import type { TemplateTexts } from './default-templates.js';
import type { DocumentInput } from './document-rules.js';
import type { MergeData } from './merge-data.js';

export interface PreparedTemplates {
  /** What they were rendered from (renderKey). */
  key: string;
  texts: TemplateTexts;
}

export type PreparedDocumentInput = DocumentInput & { prepared?: PreparedTemplates | undefined };

/** The SHA-256 of templates and the data they render with: the same for the same both. */
export function renderKey(texts: TemplateTexts, data: MergeData): string {
  return createHash('sha256')
    .update(JSON.stringify([texts, data]))
    .digest('hex');
}
