/**
 * Settings → Spaces: the list (what each space is made of, whether it is shared, its capacities
 * by setup style) with the form to add one, and one space's form, where its parts, sharing and
 * capacities by setup style are set.
 */
import { SETUP_STYLES } from '../../../crm/events/index.js';
import type { Space } from '../../../crm/spaces/index.js';
import { html, type SafeHtml } from '../../html.js';
import {
  checkboxesField,
  csrfField,
  described,
  errorSummary,
  fieldError,
  type FieldErrors,
  inputField,
} from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { styleLabel } from '../forms/setup-styles.js';
import { styleField, type SpaceValues, spaceValuesOf } from './space-input.js';
import { staleNotice } from '../forms/stale.view.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export type { SpaceValues } from './space-input.js';

const LABELS: Record<string, string> = {
  name: 'Name',
  capacity: 'Capacity',
  shareable: 'Shareable',
  parts: 'Made of',
  capacities: 'Capacity by setup style',
  area: 'Area (square metres)',
  archived_at: 'Archived',
  ...Object.fromEntries(SETUP_STYLES.map((s) => [styleField(s), `${styleLabel(s)} capacity`])),
};
const NOTICES = { created: 'Space added.', saved: 'Changes saved.', deleted: 'Space deleted.' };

function nameAndCapacity(values: SpaceValues, errors: FieldErrors) {
  return html`<div class="pair">
    ${inputField({ name: 'name', label: 'Name', value: values.name, errors, required: true, hint: 'Boathouse, Main hall, Terrace…', attributes: html`maxlength="200"` })}
    ${inputField({ name: 'capacity', label: 'Capacity', value: values.capacity, errors, type: 'number', hint: 'Most guests it takes', attributes: html`min="1" step="1" inputmode="numeric"` })}
  </div>`;
}

const namesOf = (ids: readonly string[], spaces: readonly Space[]) =>
  ids.map((id) => spaces.find((s) => s.id === id)?.name ?? id);

/** "Banquet 180 · Theatre 300", or '' when none is set. */
function capacitiesText(capacities: Readonly<Record<string, string>>): string {
  return SETUP_STYLES.filter((s) => (capacities[s] ?? '') !== '')
    .map((s) => `${styleLabel(s)} ${capacities[s]}`)
    .join(' · ');
}

function spaceRow(base: string, space: Space, spaces: readonly Space[]): SafeHtml {
  const values = spaceValuesOf(space);
  const partOf = spaces.filter((s) => s.partIds.includes(space.id));
  const made =
    values.parts.length > 0
      ? html`<span class="muted"> — made of ${namesOf(values.parts, spaces).join(', ')}</span>`
      : '';
  const whole =
    partOf.length > 0
      ? html`<span class="muted"> — part of ${partOf.map((s) => s.name).join(', ')}</span>`
      : '';
  const byStyle = capacitiesText(values.capacities);
  return html`<tr>
    <td><a class="strong" href="${base}/${space.id}">${space.name}</a>${made}${whole}${values.shareable ? html` <span class="badge">Shareable</span>` : ''}${values.archived ? html` <span class="badge">Archived</span>` : ''}</td>
    <td data-label="Capacity">${space.capacity ?? html`<span class="muted">Not set</span>`}</td>
    <td data-label="By setup style">${byStyle || html`<span class="muted">—</span>`}</td>
  </tr>`;
}

export function spacesPage(
  v: WorkspaceVisitor,
  view: { spaces: Space[]; values: SpaceValues; errors: FieldErrors; notice?: string | undefined },
): string {
  const base = orgPath(v, '/settings/spaces');
  const list =
    view.spaces.length === 0
      ? html`<div class="empty"><p><strong>No spaces yet.</strong> Add the rooms you hire out; bookings hold them, and the week view draws one row per space.</p></div>`
      : html`<table class="list"><thead><tr><th scope="col">Space</th><th scope="col">Capacity</th><th scope="col">By setup style</th></tr></thead>
          <tbody>${view.spaces.map((s) => spaceRow(base, s, view.spaces))}</tbody></table>`;
  const body = html`${settingsTabs(v)}<h1>Spaces</h1>
    ${noticeOf(NOTICES, view.notice)}
    ${list}
    <section class="card" aria-labelledby="add-title"><h2 id="add-title">Add a space</h2>
      ${errorSummary(view.errors, LABELS)}
      <form method="post" action="${base}" novalidate>${csrfField(v.csrfToken)}${nameAndCapacity(view.values, view.errors)}
        <p class="hint">Once added, open a space to set its capacities by setup style, whether bookings may share it, and the spaces it is made of.</p>
        <div class="actions"><button type="submit">Add space</button></div></form>
    </section>`;
  return workspacePage(v, { title: 'Spaces', section: 'settings', body });
}

function capacitiesFieldset(values: SpaceValues, errors: FieldErrors): SafeHtml {
  const hint = 'Guests it takes set out that way. Leave one blank to use the capacity above.';
  return html`<fieldset id="field-capacities" ${described('capacities', errors, hint)}>
    <legend>${LABELS.capacities}</legend>
    <p class="hint" id="field-capacities-hint">${hint}</p>
    <div class="pair">${SETUP_STYLES.map((s) =>
      inputField({
        name: styleField(s),
        label: styleLabel(s),
        value: values.capacities[s] ?? '',
        errors,
        type: 'number',
        attributes: html`min="0" step="1" inputmode="numeric"`,
      }),
    )}</div>
    ${fieldError('capacities', errors)}
  </fieldset>`;
}

/** What the stale notice compares: each field as words. */
function staleValues(values: SpaceValues, spaces: readonly Space[]) {
  return {
    name: values.name,
    capacity: values.capacity,
    shareable: values.shareable ? 'Yes' : 'No',
    parts: namesOf(values.parts, spaces).sort(),
    capacities: capacitiesText(values.capacities),
  };
}

export function spaceFormPage(
  v: WorkspaceVisitor,
  view: {
    space: { id: string; name: string; version: string };
    values: SpaceValues;
    errors: FieldErrors;
    /** The organization's spaces (to choose parts among). */
    spaces: Space[];
    /** The clash new parts were refused for, named and linked. */
    conflict?: SafeHtml | undefined;
    /** The space as saved now, when the save came after someone else's (stale.view.ts). */
    saved?: SpaceValues | undefined;
  },
): string {
  const { space, values, errors } = view;
  const base = orgPath(v, `/settings/spaces/${space.id}`);
  const others = view.spaces.filter((s) => s.id !== space.id);
  const partChoices = others.map((s) => ({
    value: s.id,
    label:
      s.partIds.length > 0 ? `${s.name} (made of ${namesOf(s.partIds, view.spaces).join(', ')})` : s.name,
  }));
  const staleLabels = {
    name: 'Name',
    capacity: 'Capacity',
    shareable: 'Shareable',
    parts: 'Made of',
    capacities: LABELS.capacities!,
  };
  const body = html`${settingsTabs(v)}<p class="crumbs"><a href="${orgPath(v, '/settings/spaces')}">Spaces</a></p><h1>Edit ${space.name}</h1>
    ${view.saved ? staleNotice(staleValues(view.saved, view.spaces), staleValues(values, view.spaces), staleLabels) : ''}
    ${errorSummary(errors, LABELS, view.conflict)}
    <form method="post" action="${base}" novalidate class="record-form">${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${space.version}" />
      ${nameAndCapacity(values, errors)}
      <div class="field">
        <label class="check"><input type="checkbox" id="field-shareable" name="shareable" value="yes" aria-describedby="field-shareable-hint${errors.shareable ? ' field-shareable-error' : ''}"${errors.shareable ? html` aria-invalid="true"` : ''} ${values.shareable ? html`checked` : ''} /><span>Shareable</span></label>
        <p class="hint" id="field-shareable-hint">Definite bookings may hold it at the same time, such as a lawn or a foyer.</p>
        ${fieldError('shareable', errors)}
      </div>
      ${checkboxesField({
        name: 'parts',
        legend: 'Made of',
        values: values.parts,
        errors,
        hint: 'A combined space, such as a ballroom made of two salons: booking it holds each part, and booking a part holds it. One level deep: a part has no parts of its own.',
        choices: partChoices,
        empty: html`<p class="hint">No other spaces yet.</p>`,
      })}
      ${capacitiesFieldset(values, errors)}
      ${inputField({ name: 'area', label: 'Area (square metres)', value: values.area, errors, type: 'number', attributes: html`min="0" step="1" inputmode="numeric"` })}
      <div class="field">
        <label class="check"><input type="checkbox" id="field-archived" name="archived" value="yes" aria-describedby="field-archived-hint" ${values.archived ? html`checked` : ''} /><span>Archived</span></label>
        <p class="hint" id="field-archived-hint">No longer offered: it takes no new events and Find a space leaves it out. The events it holds keep it.</p>
      </div>
      <div class="actions"><button type="submit">Save changes</button><a class="button secondary" href="${orgPath(v, '/settings/spaces')}">Cancel</a></div></form>
    <section class="danger-zone" aria-labelledby="delete-title"><h2 id="delete-title">Delete this space</h2>
      <p>A space that bookings hold, or that is a part of a combined space, cannot be deleted; move its bookings or take it out first.</p>
      <p><a class="button danger" href="${base}/delete">Delete ${space.name}…</a></p></section>`;
  return workspacePage(v, { title: `Edit ${space.name}`, section: 'settings', body });
}
