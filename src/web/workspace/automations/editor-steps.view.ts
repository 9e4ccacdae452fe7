/**
 * The automation editor's steps (SPEC §18), in order, each a row of its own controls: a wait (days,
 * hours, a time of day, the sending window), an e-mail (a template, to whom, whether it waits under
 * Approvals), a task (title, due days later, for whom), a stage to move to, a note. A step is added
 * by its kind chosen first, removed or moved up by a button that draws the form again.
 */
import { html, type SafeHtml } from '../../html.js';
import { type Choice, described, type FieldErrors, fieldError } from '../forms/form-fields.js';
import { inputControl, rowButton, selectControl, textareaControl, tickControl } from './editor-controls.js';
import { type EditorChoices, STEP_CHOICES } from './editor-choices.js';
import type { EditorValues, StepRow } from './editor-values.js';

const number = html`inputmode="numeric" min="0" step="1"`;

function stepControls(row: StepRow, i: number, choices: EditorChoices, errors: FieldErrors): SafeHtml {
  const name = (input: string) => `step_${i}_${input}`;
  const context = `(step ${i + 1})`;
  const members: Choice[] = choices.members.map((m) => ({ value: `member:${m.value}`, label: m.label }));
  switch (row.type) {
    case 'wait':
      return html`<div class="row-controls">
        ${inputControl({ name: name('days'), label: 'Days', context, value: row.days, errors, type: 'number', attributes: number, className: 'short' })}
        ${inputControl({ name: name('hours'), label: 'Hours', context, value: row.hours, errors, type: 'number', attributes: number, className: 'short' })}
        ${inputControl({ name: name('at'), label: 'Until the time', context, value: row.at, errors, type: 'time', className: 'short' })}
      </div>
      ${tickControl({ name: name('window'), label: 'Then wait for the sending window', context, checked: row.window === 'yes', errors })}`;
    case 'send_email':
      return html`<div class="row-controls">
        ${selectControl({ name: name('template'), label: 'Template', context, value: row.template, choices: choices.templates, errors, empty: 'Choose a template' })}
        ${selectControl({ name: name('to'), label: 'To', context, value: row.to, errors, choices: [{ value: 'client', label: 'The client' }, { value: 'owner', label: 'The booking’s owner' }, { value: 'admins', label: 'The admins' }, ...members] })}
      </div>
      ${tickControl({ name: name('approval'), label: 'Wait under Approvals for a member to send it', context, checked: row.approval === 'yes', errors })}`;
    case 'create_task':
      return html`${inputControl({ name: name('title'), label: 'Task', context, value: row.title, errors, attributes: html`maxlength="200"` })}
      <div class="row-controls">
        ${inputControl({ name: name('days'), label: 'Due days later', context, value: row.days, errors, type: 'number', attributes: number, className: 'short' })}
        ${selectControl({ name: name('assignee'), label: 'For', context, value: row.assignee, errors, choices: [{ value: 'owner', label: 'The booking’s owner' }, ...members] })}
      </div>`;
    case 'move_stage':
      return selectControl({
        name: name('stage'),
        label: 'Stage',
        context,
        value: row.stage,
        choices: choices.stages,
        errors,
        empty: 'Choose a stage',
      });
    case 'add_note':
      return textareaControl({ name: name('body'), label: 'Note', context, value: row.body, errors });
    default:
      return html`<p class="field-error" id="field-${name('type')}">${errors[name('type')] ?? 'Remove this step: it is of no kind Marquee knows.'}</p>`;
  }
}

function stepRow(row: StepRow, i: number, choices: EditorChoices, errors: FieldErrors): SafeHtml {
  const kind = STEP_CHOICES.find((c) => c.value === row.type)?.label ?? row.type;
  return html`<li class="editor-row" id="step-${i}">
    <input type="hidden" name="step_${i}_type" value="${row.type}" />
    <p class="row-title"><strong>${i + 1}. ${kind}</strong></p>
    ${stepControls(row, i, choices, errors)}
    <div class="row-moves">${i > 0 ? rowButton(`step_up:${i}`, 'Move up', `step ${i + 1}, ${kind}`) : ''}${rowButton(`remove_step:${i}`, 'Remove', `step ${i + 1}, ${kind}`)}</div>
  </li>`;
}

export function stepsPart(values: EditorValues, choices: EditorChoices, errors: FieldErrors): SafeHtml {
  const count = values.steps.length;
  return html`<fieldset class="group" id="field-steps" ${described('steps', errors)}><legend>Steps, in order</legend>
    <input type="hidden" name="steps" value="${count}" />
    ${count === 0 ? html`<p class="hint">No steps yet.</p>` : html`<ol class="plain editor-rows">${values.steps.map((s, i) => stepRow(s, i, choices, errors))}</ol>`}
    ${fieldError('steps', errors)}
    <div class="add-row">${selectControl({ name: 'new_step_type', label: 'Add a step that does', value: '', choices: STEP_CHOICES, errors: {} })}
      ${rowButton('add_step', 'Add the step')}</div>
  </fieldset>`;
}
