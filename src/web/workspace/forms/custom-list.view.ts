/**
 * A list's custom-field part, drawn: a GET form (columns to show, a field, an operator and a
 * value), the refusal of a filter in words, and the columns' headers and cells (each value in
 * words, as a record's page shows it).
 */
import { type CustomField, storedValuesOf, valueWords } from '../../../crm/custom-fields/index.js';
import { html, type SafeHtml } from '../../html.js';
import type { CustomListState } from './custom-list.js';
import { CUSTOM_LIST_SCRIPT_PATH } from './custom-list.script.js';

const OPERATORS: ReadonlyArray<[string, string]> = [
  ['eq', 'is'],
  ['not_eq', 'is not'],
  ['in', 'is one of (a, b, …)'],
  ['not_in', 'is none of (a, b, …)'],
  ['contains', 'contains'],
  ['lt', 'is less than, or before'],
  ['lteq', 'is at most, or on or before'],
  ['gt', 'is more than, or after'],
  ['gteq', 'is at least, or on or after'],
  ['null', 'is empty'],
  ['not_null', 'is not empty'],
];

/** Query parameters as hidden fields, for another GET form of the list to keep them. */
export function hiddenParams(params: Record<string, string | undefined>): SafeHtml {
  return html`${Object.entries(params).map(([name, value]) =>
    value ? html`<input type="hidden" name="${name}" value="${value}" />` : '',
  )}`;
}

/** A select's options (by label, giving the option's value), or yes and no; undefined for other types. */
function choicesOf(field: CustomField | undefined, value: string): SafeHtml | undefined {
  const choice = (given: string, words: string) =>
    html`<option value="${given}" ${value === given ? html`selected` : ''}>${words}</option>`;
  const type = field?.custom.fieldType;
  if (field && (type === 'select' || type === 'multi_select')) {
    return html`${field.custom.options.map((o) => choice(o.value, o.archived ? `${o.label} (archived)` : o.label))}`;
  }
  if (type === 'boolean') return html`${choice('true', 'Yes')}${choice('false', 'No')}`;
  return undefined;
}

/**
 * The filter's value: a choice of the field's options when the field filtered on is a select or a
 * yes/no field; a text box otherwise. `live` is the form's own control's id and hint (none for a
 * template of one).
 */
function valueInput(field: CustomField | undefined, value: string, live?: SafeHtml): SafeHtml {
  const choices = choicesOf(field, value);
  const id = live ? html`id="cf-value" ` : '';
  if (choices) {
    return html`<select ${id}name="value" ${live ?? ''}><option value="">Choose…</option>${choices}</select>`;
  }
  return html`<input ${id}name="value" type="text" value="${value}" ${live ?? ''}/>`;
}

/**
 * Each value control the list's script (custom-list.script.ts) swaps in when a field is picked,
 * inert until then: a text box (`data-cf-choices=""`), and the choices of each select and yes/no field.
 */
function valueTemplates(fields: readonly CustomField[]): SafeHtml {
  const chosen = fields.filter((f) => choicesOf(f, '') !== undefined);
  return html`<template data-cf-choices="">${valueInput(undefined, '')}</template>${chosen.map(
    (f) => html`<template data-cf-choices="${f.name}">${valueInput(f, '')}</template>`,
  )}`;
}

/** The form, keeping the list's other filters (`keep`) as hidden fields. */
export function customListForm(
  action: string,
  noun: string,
  fields: readonly CustomField[],
  state: CustomListState,
  keep: Record<string, string | undefined>,
  error: string | undefined,
): SafeHtml | '' {
  if (fields.length === 0) return '';
  const hidden = hiddenParams(keep);
  const columns = fields.map(
    (f) =>
      html`<label class="check"><input type="checkbox" name="show" value="${f.name}" ${state.show.includes(f.name) ? html`checked` : ''} /><span>${f.label}</span></label>`,
  );
  const choices = fields.map(
    (f) => html`<option value="${f.name}" ${state.cf === f.name ? html`selected` : ''}>${f.label}</option>`,
  );
  const operators = OPERATORS.map(
    ([op, words]) => html`<option value="${op}" ${state.op === op ? html`selected` : ''}>${words}</option>`,
  );
  return html`<details class="custom-list" ${state.show.length || state.cf ? html`open` : ''}>
    <summary>Custom fields: columns and a filter</summary>
    <form method="get" action="${action}" aria-label="Custom fields of the ${noun}" data-custom-list>${hidden}
      <fieldset><legend>Columns</legend>${columns}</fieldset>
      <div class="field"><label for="cf">Filter on</label><select id="cf" name="cf"><option value="">No custom field</option>${choices}</select>
        <button type="submit" name="pick" value="1" class="secondary pick">Offer its choices</button></div>
      <div class="field"><label for="op">Which</label><select id="op" name="op">${operators}</select></div>
      <div class="field"><label for="cf-value">Value</label>
        ${valueInput(
          fields.find((f) => f.name === state.cf),
          state.value,
          html`aria-describedby="cf-value-hint${error ? ' cf-error' : ''}" ${error ? html`aria-invalid="true"` : ''}`,
        )}${valueTemplates(fields)}
        <p class="hint" id="cf-value-hint">A select’s or a yes/no field’s choices are offered once it is picked; other values as the API writes them: a date as YYYY-MM-DD, money in minor units (pence, cents).</p></div>
      ${error ? html`<p class="field-error" id="cf-error" role="alert">This filter was not applied: ${error}</p>` : ''}
      <div class="actions"><button type="submit" class="secondary">Apply</button><a href="${action}">Clear</a></div>
    </form><script src="${CUSTOM_LIST_SCRIPT_PATH}" defer></script>
  </details>`;
}

export function customHeaders(shown: readonly CustomField[]): SafeHtml {
  return html`${shown.map((f) => html`<th scope="col">${f.label}</th>`)}`;
}

export function customCells(shown: readonly CustomField[], column: unknown, currency: string): SafeHtml {
  if (shown.length === 0) return html``;
  const values = storedValuesOf(column);
  return html`${shown.map((f) => html`<td data-label="${f.label}">${valueWords(f, values[f.name], currency)}</td>`)}`;
}
