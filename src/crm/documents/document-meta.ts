/**
 * The facts at the top right of a document, as both renderers show them: an issued invoice leads
 * with its number and says when it was issued; a draft invoice says its number comes on issue.
 */
import type { DocumentModel, Fact, IssuedStamp } from './document-model.js';

export function shownMeta(model: DocumentModel, issued: IssuedStamp | undefined): Fact[] {
  if (issued) {
    return [
      ...(issued.number ? [{ label: 'Invoice number', value: issued.number }] : []),
      ...model.meta.filter((fact) => fact.label !== 'Date'),
      { label: 'Issued', value: issued.issuedOn },
    ];
  }
  if (model.kind === 'invoice')
    return [{ label: 'Invoice number', value: 'Given when issued' }, ...model.meta];
  return model.meta;
}
