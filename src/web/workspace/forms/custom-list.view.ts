/**
 * A list's custom-field part, drawn: a GET form (columns to show, a field, an operator and a
 * value), the refusal of a filter in words, and the columns' headers and cells (each value in
 * words, as a record's page shows it).
 */
import { type CustomField, storedValuesOf, valueWords } from '../../../crm/custom-fields/index.js';
import { html, type SafeHtml } from '../../html.js';
import type { CustomListState } from './custom-list.js';

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

/**
 * The filter's value: a choice of a select's options (by label, giving the option's value) or of
 * yes and no when the field filtered on is a select or a yes/no field; a text box otherwise.
 */
function valueInput(field: CustomField | undefined, value: string, described: SafeHtml): SafeHtml {
  const choice = (given: string, words: string) =>
    html`<option value="${given}" ${value === given ? html`selected` : ''}>${words}</option>`;
  const type = field?.custom.fieldType;
  if (field && (type === 'select' || type === 'multi_select')) {
    const options = field.custom.options.map((o) =>
      choice(o.value, o.archived ? `${o.label} (archived)` : o.label),
    );
    return html`<select id="cf-value" name="value" ${described}><option value="">Choose…</option>${options}</select>`;
  }
  if (type === 'boolean') {
    return html`<select id="cf-value" name="value" ${described}><option value="">Choose…</option>${choice('true', 'Yes')}${choice('false', 'No')}</select>`;
  }
  return html`<input id="cf-value" name="value" type="text" value="${value}" ${described} />`;
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
    <form method="get" action="${action}" aria-label="Custom fields of the ${noun}">${hidden}
      <fieldset><legend>Columns</legend>${columns}</fieldset>
      <div class="field"><label for="cf">Filter on</label><select id="cf" name="cf"><option value="">No custom field</option>${choices}</select></div>
      <div class="field"><label for="op">Which</label><select id="op" name="op">${operators}</select></div>
      <div class="field"><label for="cf-value">Value</label>
        ${valueInput(
          fields.find((f) => f.name === state.cf),
          state.value,
          html`aria-describedby="cf-value-hint${error ? ' cf-error' : ''}" ${error ? html`aria-invalid="true"` : ''}`,
        )}
        <p class="hint" id="cf-value-hint">A select’s or a yes/no field’s choices are offered once it is the field filtered on (apply); otherwise as the API writes it: a date as YYYY-MM-DD, money in minor units (pence, cents).</p></div>
      ${error ? html`<p class="field-error" id="cf-error" role="alert">This filter was not applied: ${error}</p>` : ''}
      <div class="actions"><button type="submit" class="secondary">Apply</button><a href="${action}">Clear</a></div>
    </form>
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
