/**
 * Settings → Custom fields (SPEC §19): a record type's fields in their order, each with its type
 * and what is asked of it. Administrators order them by the position numbers of one form (the
 * page's script lets a row be dragged, or moved with Up and Down, and fills in the numbers), add
 * one, and open one to change it; members see the list and nothing to change.
 */
import {
  CUSTOM_FIELD_ACTIONS,
  type CustomField,
  type CustomRecordType,
} from '../../../crm/custom-fields/index.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField, errorSummary, type FieldErrors } from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { mayTake, orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

import { FIELD_ORDER_SCRIPT_PATH } from './custom-fields.script.js';

export const RECORD_TYPE_WORDS: Record<CustomRecordType, string> = {
  bookings: 'Bookings',
  events: 'Events',
  accounts: 'Accounts',
  contacts: 'Contacts',
};

export const TYPE_WORDS: Record<string, string> = {
  text: 'Text',
  long_text: 'Long text',
  number: 'Number',
  money: 'Money',
  date: 'Date',
  boolean: 'Yes or no',
  select: 'One choice',
  multi_select: 'Several choices',
  email: 'E-mail address',
  url: 'Web address',
  phone: 'Phone number',
};

const NOTICES = {
  created: 'Field added.',
  saved: 'Changes saved.',
  archived: 'Field archived: it keeps its values and takes no new ones.',
  unarchived: 'Field back in use.',
  deleted: 'Field deleted.',
  ordered: 'Order saved.',
};

export const fieldsPath = (v: WorkspaceVisitor, recordType: CustomRecordType, rest = '') =>
  orgPath(v, `/settings/custom-fields${rest}?type=${recordType}`);

function recordTypeTabs(v: WorkspaceVisitor, current: CustomRecordType): SafeHtml {
  const types = Object.keys(RECORD_TYPE_WORDS) as CustomRecordType[];
  return html`<nav aria-label="Record types" class="tabs"><ul>${types.map(
    (t) =>
      html`<li><a href="${fieldsPath(v, t)}" ${t === current ? html`aria-current="page"` : ''}>${RECORD_TYPE_WORDS[t]}</a></li>`,
  )}</ul></nav>`;
}

/** What is asked of a field, in words. */
export function flagsOf(field: CustomField): string {
  const flags = [
    field.custom.required ? 'Required' : '',
    field.custom.onInquiryForm ? 'On the inquiry form' : '',
    field.custom.archived ? 'Archived' : '',
  ].filter(Boolean);
  return flags.join(', ') || '—';
}

function row(
  v: WorkspaceVisitor,
  field: CustomField,
  place: number,
  given: string | undefined,
  errors: FieldErrors,
) {
  const name = `position/${field.custom.id}`;
  const error = errors[name];
  const position = mayTake(v, CUSTOM_FIELD_ACTIONS.update)
    ? html`<td><label class="visually-hidden" for="field-${name}">Position of ${field.label}</label>
        <input class="position" id="field-${name}" name="${name}" type="number" min="1" step="1" inputmode="numeric" value="${given ?? String(place)}" ${error ? html`aria-invalid="true" aria-describedby="field-${name}-error"` : ''} />
        ${error ? html`<p class="field-error" id="field-${name}-error">${error}</p>` : ''}</td>`
    : html`<td>${place}</td>`;
  const label = mayTake(v, CUSTOM_FIELD_ACTIONS.update)
    ? html`<a href="${orgPath(v, `/settings/custom-fields/${field.custom.id}/edit`)}">${field.label}</a>`
    : field.label;
  return html`<tr data-id="${field.custom.id}" data-label="${field.label}">${position}
    <td>${label}</td><td><code>${field.name}</code></td><td>${TYPE_WORDS[field.custom.fieldType] ?? field.custom.fieldType}</td>
    <td>${flagsOf(field)}</td>${mayTake(v, CUSTOM_FIELD_ACTIONS.update) ? html`<td class="moves"></td>` : ''}</tr>`;
}

export function customFieldsPage(
  v: WorkspaceVisitor,
  view: {
    recordType: CustomRecordType;
    fields: readonly CustomField[];
    notice?: string | undefined;
    /** The numbers posted, by field id, when the order was refused. */
    positions?: Readonly<Record<string, string>>;
    errors?: FieldErrors;
  },
): string {
  const { recordType, fields } = view;
  const errors = view.errors ?? {};
  const noun = RECORD_TYPE_WORDS[recordType].toLowerCase();
  const head = html`<thead><tr><th>Position</th><th>Label</th><th>Key</th><th>Type</th><th>Asked</th>${mayTake(v, CUSTOM_FIELD_ACTIONS.update) ? html`<th><span class="visually-hidden">Move</span></th>` : ''}</tr></thead>`;
  const rows = fields.map((f, i) => row(v, f, i + 1, view.positions?.[f.custom.id], errors));
  const table = html`<table><caption class="visually-hidden">Custom fields of ${noun}, in order</caption>${head}<tbody>${rows}</tbody></table>`;
  const list =
    fields.length === 0
      ? html`<p>No custom fields of ${noun} yet.</p>`
      : mayTake(v, CUSTOM_FIELD_ACTIONS.update)
        ? html`<form method="post" id="field-order" class="field-order" action="${orgPath(v, '/settings/custom-fields/order')}" novalidate>
            ${csrfField(v.csrfToken)}<input type="hidden" name="type" value="${recordType}" />
            <p class="hint" id="field-order-hint">Drag a row, or change the numbers, then save the order.</p>
            ${table}
            <p id="field-order-said" class="visually-hidden" aria-live="polite"></p>
            <div class="actions"><button type="submit" class="secondary">Save the order</button></div>
          </form><script src="${FIELD_ORDER_SCRIPT_PATH}" defer></script>`
        : table;
  const body = html`${settingsTabs(v, 'custom-fields')}<h1>Custom fields</h1>
    <p class="lead">The venue’s own fields, asked on the forms of each kind of record and shown on its pages.</p>
    ${noticeOf(NOTICES, view.notice)}
    ${errorSummary(errors, Object.fromEntries(fields.map((f) => [`position/${f.custom.id}`, `Position of ${f.label}`])))}
    ${recordTypeTabs(v, recordType)}
    ${mayTake(v, CUSTOM_FIELD_ACTIONS.update) ? html`<p><a class="button" href="${fieldsPath(v, recordType, '/new')}">Add a field of ${noun}</a></p>` : html`<p class="hint">Only administrators change custom fields.</p>`}
    ${list}`;
  return workspacePage(v, { title: 'Custom fields', section: 'settings', body });
}
