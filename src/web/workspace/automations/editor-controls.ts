/**
 * The automation editor's controls: a label (with words only a screen reader needs, such as which
 * step it belongs to), the control, its hint and its error beneath it in the page's error style,
 * tied to it by aria-describedby (forms/form-fields.ts), each control's id `field-<name>` as the
 * error summary links to it.
 */
import { html, type SafeHtml } from '../../html.js';
import { type Choice, described, type FieldErrors, fieldError } from '../forms/form-fields.js';

export interface Control {
  name: string;
  label: string;
  /** Said after the label to a screen reader alone: "(step 2)". */
  context?: string;
  errors: FieldErrors;
  hint?: string;
}

const id = (name: string) => `field-${name}`;

function labelOf(o: Control): SafeHtml {
  return html`<label for="${id(o.name)}">${o.label}${o.context ? html`<span class="visually-hidden"> ${o.context}</span>` : ''}</label>
    ${o.hint ? html`<p class="hint" id="${id(o.name)}-hint">${o.hint}</p>` : ''}`;
}

export function selectControl(
  o: Control & { value: string; choices: readonly Choice[]; empty?: string },
): SafeHtml {
  return html`<div class="field">${labelOf(o)}
    <select id="${id(o.name)}" name="${o.name}" ${described(o.name, o.errors, o.hint)}>
      ${o.empty !== undefined ? html`<option value="">${o.empty}</option>` : ''}
      ${o.choices.map((c) => html`<option value="${c.value}" ${c.value === o.value ? html`selected` : ''}>${c.label}</option>`)}
    </select>${fieldError(o.name, o.errors)}</div>`;
}

export function inputControl(
  o: Control & { value: string; type?: string; attributes?: SafeHtml; className?: string },
): SafeHtml {
  return html`<div class="field ${o.className ?? ''}">${labelOf(o)}
    <input id="${id(o.name)}" name="${o.name}" type="${o.type ?? 'text'}" value="${o.value}" ${o.attributes} ${described(o.name, o.errors, o.hint)} />
    ${fieldError(o.name, o.errors)}</div>`;
}

export function textareaControl(o: Control & { value: string }): SafeHtml {
  return html`<div class="field">${labelOf(o)}
    <textarea id="${id(o.name)}" name="${o.name}" rows="3" ${described(o.name, o.errors, o.hint)}>${o.value}</textarea>
    ${fieldError(o.name, o.errors)}</div>`;
}

/** One tick, its value 'yes'. */
export function tickControl(o: Control & { checked: boolean }): SafeHtml {
  return html`<div class="field"><label class="check"><input type="checkbox" id="${id(o.name)}" name="${o.name}" value="yes" ${o.checked ? html`checked` : ''} ${described(o.name, o.errors, o.hint)} /><span>${o.label}${o.context ? html`<span class="visually-hidden"> ${o.context}</span>` : ''}</span></label>
    ${o.hint ? html`<p class="hint" id="${id(o.name)}-hint">${o.hint}</p>` : ''}${fieldError(o.name, o.errors)}</div>`;
}

/** Ticks among choices in a fieldset named by its legend; the error is the group's. */
export function ticksControl(
  o: Control & { values: readonly string[]; choices: readonly Choice[]; className?: string },
): SafeHtml {
  return html`<fieldset id="${id(o.name)}" class="ticks ${o.className ?? ''}" ${described(o.name, o.errors, o.hint)}>
    <legend>${o.label}${o.context ? html`<span class="visually-hidden"> ${o.context}</span>` : ''}</legend>
    ${o.hint ? html`<p class="hint" id="${id(o.name)}-hint">${o.hint}</p>` : ''}
    ${o.choices.map(
      (c) =>
        html`<label class="check"><input type="checkbox" name="${o.name}" value="${c.value}" ${o.values.includes(c.value) ? html`checked` : ''} /><span>${c.label}</span></label>`,
    )}
    ${fieldError(o.name, o.errors)}</fieldset>`;
}

/** A submit button that changes the rows and draws the form again (`do`). */
export function rowButton(action: string, words: string, hidden?: string): SafeHtml {
  return html`<button type="submit" class="secondary" name="do" value="${action}" formnovalidate>${words}${hidden ? html`<span class="visually-hidden"> ${hidden}</span>` : ''}</button>`;
}
