/**
 * Form fields with their labels and their errors: each error sits under its field, is tied to it
 * with aria-describedby, and is listed (linked) in a summary at the top of the form.
 */
import { html, type SafeHtml } from '../../html.js';

export type FieldErrors = Record<string, string>;

export interface FieldOptions {
  name: string;
  label: string;
  value: string | undefined | null;
  errors: FieldErrors;
  type?: string;
  hint?: string;
  required?: boolean;
  /** Extra attributes such as min, step or autocomplete. */
  attributes?: SafeHtml;
}

const fieldId = (name: string) => `field-${name}`;

/** The aria-describedby (hint, error) and aria-invalid of a field or a group. */
export function described(name: string, errors: FieldErrors, hint?: string): SafeHtml {
  const ids = [hint ? `${fieldId(name)}-hint` : '', errors[name] ? `${fieldId(name)}-error` : '']
    .filter(Boolean)
    .join(' ');
  return html`${ids ? html`aria-describedby="${ids}"` : ''} ${errors[name] ? html`aria-invalid="true"` : ''}`;
}

function labelAndHint(o: { name: string; label: string; hint?: string; required?: boolean }): SafeHtml {
  return html`<label for="${fieldId(o.name)}">${o.label}${o.required ? '' : html` <span class="optional">(optional)</span>`}</label>
    ${o.hint ? html`<p class="hint" id="${fieldId(o.name)}-hint">${o.hint}</p>` : ''}`;
}

export function fieldError(name: string, errors: FieldErrors): SafeHtml | '' {
  return errors[name] ? html`<p class="field-error" id="${fieldId(name)}-error">${errors[name]}</p>` : '';
}

export function inputField(o: FieldOptions): SafeHtml {
  return html`<div class="field">
    ${labelAndHint(o)}
    <input id="${fieldId(o.name)}" name="${o.name}" type="${o.type ?? 'text'}" value="${o.value ?? ''}"
      ${o.required ? html`required` : ''} ${o.attributes} ${described(o.name, o.errors, o.hint)} />
    ${fieldError(o.name, o.errors)}
  </div>`;
}

export function textareaField(o: FieldOptions & { rows?: number }): SafeHtml {
  return html`<div class="field">
    ${labelAndHint(o)}
    <textarea id="${fieldId(o.name)}" name="${o.name}" rows="${o.rows ?? 4}" ${o.required ? html`required` : ''}
      ${described(o.name, o.errors, o.hint)}>${o.value ?? ''}</textarea>
    ${fieldError(o.name, o.errors)}
  </div>`;
}

export interface Choice {
  value: string;
  label: string;
}

export function selectField(o: FieldOptions & { choices: readonly Choice[]; empty?: string }): SafeHtml {
  return html`<div class="field">
    ${labelAndHint(o)}
    <select id="${fieldId(o.name)}" name="${o.name}" ${o.required ? html`required` : ''} ${described(o.name, o.errors, o.hint)}>
      ${o.empty !== undefined ? html`<option value="">${o.empty}</option>` : ''}
      ${o.choices.map((c) => html`<option value="${c.value}" ${c.value === o.value ? html`selected` : ''}>${c.label}</option>`)}
    </select>
    ${fieldError(o.name, o.errors)}
  </div>`;
}

/** Checkboxes in a fieldset; the error is tied to the group. */
export function checkboxesField(o: {
  name: string;
  legend: string;
  choices: readonly Choice[];
  values: readonly string[];
  errors: FieldErrors;
  hint?: string;
  empty: SafeHtml;
}): SafeHtml {
  return html`<fieldset id="${fieldId(o.name)}" ${described(o.name, o.errors, o.hint)}>
    <legend>${o.legend}</legend>
    ${o.hint ? html`<p class="hint" id="${fieldId(o.name)}-hint">${o.hint}</p>` : ''}
    ${o.choices.length === 0 ? o.empty : ''}
    ${o.choices.map(
      (c) =>
        html`<label class="check"><input type="checkbox" name="${o.name}" value="${c.value}" ${o.values.includes(c.value) ? html`checked` : ''} /><span>${c.label}</span></label>`,
    )}
    ${fieldError(o.name, o.errors)}
  </fieldset>`;
}

/** The list of problems at the top of a refused form, each linking to its field. */
export function errorSummary(
  errors: FieldErrors,
  labels: Record<string, string>,
  extra?: SafeHtml,
): SafeHtml | '' {
  const entries = Object.entries(errors);
  if (entries.length === 0 && !extra) return '';
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
    <h2 id="error-summary-title">${extra ? 'This clashes with another booking' : 'Please correct these fields'}</h2>
    ${extra}
    ${entries.length > 0 ? html`<ul>${entries.map(([field, message]) => html`<li><a href="#${fieldId(field)}">${labels[field] ?? field}</a>: ${message}</li>`)}</ul>` : ''}
  </div>`;
}

export function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${token}" />`;
}
