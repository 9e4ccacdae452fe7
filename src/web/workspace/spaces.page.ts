/** Settings → Spaces: the list with the form to add one, and one space's form. */
import type { SpaceTable } from '../../crm/spaces/space.table.js';
import { html } from '../html.js';
import { csrfField, errorSummary, type FieldErrors, inputField } from './form-fields.js';
import { noticeOf } from './list-parts.js';
import { staleNotice } from './stale.view.js';
import { settingsTabs, workspacePage } from './workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from './workspace-visitor.js';

export interface SpaceValues {
  name: string;
  capacity: string;
}

const LABELS = { name: 'Name', capacity: 'Capacity' };
const NOTICES = { created: 'Space added.', saved: 'Changes saved.', deleted: 'Space deleted.' };

function fields(values: SpaceValues, errors: FieldErrors) {
  return html`<div class="pair">
    ${inputField({ name: 'name', label: 'Name', value: values.name, errors, required: true, hint: 'Boathouse, Main hall, Terrace…', attributes: html`maxlength="200"` })}
    ${inputField({ name: 'capacity', label: 'Capacity', value: values.capacity, errors, type: 'number', hint: 'Most guests it takes', attributes: html`min="1" step="1" inputmode="numeric"` })}
  </div>`;
}

export function spacesPage(
  v: WorkspaceVisitor,
  view: { spaces: SpaceTable[]; values: SpaceValues; errors: FieldErrors; notice?: string | undefined },
): string {
  const base = orgPath(v, '/settings/spaces');
  const list =
    view.spaces.length === 0
      ? html`<div class="empty"><p><strong>No spaces yet.</strong> Add the rooms you hire out; bookings hold them, and the week view draws one row per space.</p></div>`
      : html`<table class="list"><thead><tr><th scope="col">Space</th><th scope="col">Capacity</th></tr></thead>
          <tbody>${view.spaces.map((s) => html`<tr><td><a class="strong" href="${base}/${s.id}">${s.name}</a></td><td>${s.capacity ?? html`<span class="muted">Not set</span>`}</td></tr>`)}</tbody></table>`;
  const body = html`${settingsTabs(v)}<h1>Spaces</h1>
    ${noticeOf(NOTICES, view.notice)}
    ${list}
    <section class="card" aria-labelledby="add-title"><h2 id="add-title">Add a space</h2>
      ${errorSummary(view.errors, LABELS)}
      <form method="post" action="${base}" novalidate>${csrfField(v.csrfToken)}${fields(view.values, view.errors)}
        <div class="actions"><button type="submit">Add space</button></div></form>
    </section>`;
  return workspacePage(v, { title: 'Spaces', section: 'settings', body });
}

export function spaceFormPage(
  v: WorkspaceVisitor,
  view: {
    space: { id: string; name: string; version: string };
    values: SpaceValues;
    errors: FieldErrors;
    /** The space as saved now, when the save came after someone else's (stale.view.ts). */
    saved?: SpaceValues;
  },
): string {
  const { space } = view;
  const base = orgPath(v, `/settings/spaces/${space.id}`);
  const body = html`${settingsTabs(v)}<p class="crumbs"><a href="${orgPath(v, '/settings/spaces')}">Spaces</a></p><h1>Edit ${space.name}</h1>
    ${view.saved ? staleNotice({ ...view.saved }, { ...view.values }, LABELS) : ''}
    ${errorSummary(view.errors, LABELS)}
    <form method="post" action="${base}" novalidate class="record-form">${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${space.version}" />
      ${fields(view.values, view.errors)}
      <div class="actions"><button type="submit">Save changes</button><a class="button secondary" href="${orgPath(v, '/settings/spaces')}">Cancel</a></div></form>
    <section class="danger-zone" aria-labelledby="delete-title"><h2 id="delete-title">Delete this space</h2>
      <p>A space that bookings hold cannot be deleted; move them to another space first.</p>
      <p><a class="button danger" href="${base}/delete">Delete ${space.name}…</a></p></section>`;
  return workspacePage(v, { title: `Edit ${space.name}`, section: 'settings', body });
}
