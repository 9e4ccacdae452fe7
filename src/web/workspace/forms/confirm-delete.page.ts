/**
 * Deleting, confirmed without JavaScript: the Delete button of a record's page is a link here (a
 * GET that changes nothing), this page says what will go, and only its own form, carrying the
 * version the record had when the page was drawn, deletes.
 */
import { html } from '../../html.js';
import { csrfField } from './form-fields.js';
import { type Section, workspacePage } from '../workspace-layout.js';
import type { WorkspaceVisitor } from '../workspace-visitor.js';

export interface Deletion {
  /** What is deleted, as the page names it: "BK-00012 Summer party". */
  name: string;
  /** What goes with it, or what stays, in plain words. */
  consequence: string;
  action: string;
  version: string;
  cancelHref: string;
  section: Section;
}

export function confirmDeletePage(v: WorkspaceVisitor, deletion: Deletion): string {
  const title = `Delete ${deletion.name}?`;
  const body = html`<h1>${title}</h1>
    <div role="alert" class="refusal">${deletion.consequence} This cannot be undone.</div>
    <form method="post" action="${deletion.action}">
      ${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${deletion.version}" />
      <div class="actions">
        <button type="submit" class="danger">Delete ${deletion.name}</button>
        <a class="button secondary" href="${deletion.cancelHref}">Cancel</a>
      </div>
    </form>`;
  return workspacePage(v, { title, section: deletion.section, body });
}
