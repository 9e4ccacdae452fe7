/**
 * Settings → Event types: the organization's event types (SPEC §15) with how many events are of
 * each, each renamed in its row or deleted (after asking), and a form to add one. Every form is a
 * plain post; a refused one comes back with its error beside its field and in the summary, and a
 * refused delete with the rule's sentence beside the type's row.
 */
import { countText } from '../../../locale.js';
import type { EventType } from '../../../crm/event-types/index.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField } from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

/**
 * A refused form: which one (its key: `new-type`, or `type-<id>` for a row), what was typed, and
 * the sentence; `deleting` when it was the row's delete that was refused.
 */
export interface EventTypeFormError {
  form: string;
  value: string;
  message: string;
  deleting?: boolean;
}

export interface EventTypesView {
  types: readonly EventType[];
  /** How many events are of each type, by id. */
  uses: ReadonlyMap<string, number>;
  /** Each type's version by id, carried by its form. */
  versions: ReadonlyMap<string, string>;
  error?: EventTypeFormError | undefined;
  notice?: string | undefined;
}

const NOTICES = {
  'type-added': 'Event type added.',
  'type-saved': 'Event type renamed.',
  'type-deleted': 'Event type deleted.',
};

/** The value field of the form `form`, with its error when that form was refused. */
function valueField(view: EventTypesView, form: string, label: string, value: string, hidden = false) {
  const id = `${form}-value`;
  const error = view.error?.form === form && !view.error.deleting ? view.error : undefined;
  return html`<div class="field">
    <label for="${id}" ${hidden ? html`class="visually-hidden"` : ''}>${label}</label>
    <input id="${id}" name="value" type="text" value="${error ? error.value : value}" maxlength="100" required
      ${error ? html`aria-invalid="true" aria-describedby="${id}-error"` : ''} />
    ${error ? html`<p class="field-error" id="${id}-error">${error.message}</p>` : ''}
  </div>`;
}

function hidden(v: WorkspaceVisitor, version?: string): SafeHtml {
  return html`${csrfField(v.csrfToken)}${version ? html`<input type="hidden" name="version" value="${version}" />` : ''}`;
}

function usesOf(count: number): string {
  if (count === 0) return 'No events';
  return count === 1 ? '1 event' : `${countText(count)} events`;
}

function typeRow(v: WorkspaceVisitor, view: EventTypesView, type: EventType): SafeHtml {
  const base = orgPath(v, `/settings/event-types/${type.id}`);
  const form = `type-${type.id}`;
  const refusal = view.error?.form === form && view.error.deleting ? view.error : undefined;
  return html`<li id="${form}">
    <form method="post" action="${base}" novalidate>${hidden(v, view.versions.get(type.id))}
      ${valueField(view, form, `Value of the event type ${type.value}`, type.value, true)}
      <button type="submit" class="secondary">Rename<span class="visually-hidden"> ${type.value}</span></button></form>
    <span class="muted uses">${usesOf(view.uses.get(type.id) ?? 0)}</span>
    <a class="button danger" href="${base}/delete" ${refusal ? html`aria-describedby="${form}-refusal"` : ''}>Delete<span class="visually-hidden"> ${type.value}</span></a>
    ${refusal ? html`<p class="field-error" id="${form}-refusal">${refusal.message}</p>` : ''}
  </li>`;
}

function summaryOf(error: EventTypeFormError | undefined): SafeHtml | '' {
  if (!error) return '';
  const target = error.deleting ? `${error.form}-refusal` : `${error.form}-value`;
  const title = error.deleting ? 'This event type was not deleted' : 'Please correct this field';
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
    <h2 id="error-summary-title">${title}</h2>
    <ul><li><a href="#${target}">${error.deleting ? 'Delete' : 'Value'}</a>: ${error.message}</li></ul></div>`;
}

export function eventTypesPage(v: WorkspaceVisitor, view: EventTypesView): string {
  const body = html`${settingsTabs(v, 'event-types')}<h1>Event types</h1>
    <p class="hint">The kinds of event the venue holds, such as Wedding or Conference. An event's form offers them; a new event is of its booking's type unless another is chosen.</p>
    ${noticeOf(NOTICES, view.notice)}${summaryOf(view.error)}
    <section class="card" aria-labelledby="types-title">
      <h2 id="types-title">Types</h2>
      ${
        view.types.length === 0
          ? html`<p class="muted">No event types yet.</p>`
          : html`<ul class="stages">${view.types.map((t) => typeRow(v, view, t))}</ul>`
      }
      <form method="post" action="${orgPath(v, '/settings/event-types')}" novalidate class="inline-form">${hidden(v)}
        ${valueField(view, 'new-type', 'New event type', '')}
        <button type="submit">Add event type</button></form>
    </section>`;
  return workspacePage(v, { title: 'Event types', section: 'settings', body });
}
