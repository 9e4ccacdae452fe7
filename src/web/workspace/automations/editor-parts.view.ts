/**
 * The automation editor's trigger, conditions and exits (SPEC §18), as plain controls: the trigger
 * chosen among those §18 lists, with its own inputs beneath (days, a status, a stage, a document's
 * kind, where a booking came from), each saying which triggers it is for; each condition a row of
 * its field, an operator among those its type takes and a value of its kind (a select's options
 * to tick), a new row added on a field chosen first; the exits as ticks.
 */
import { html, type SafeHtml } from '../../html.js';
import { described, type FieldErrors, fieldError } from '../forms/form-fields.js';
import { inputControl, rowButton, selectControl, tickControl, ticksControl } from './editor-controls.js';
import {
  conditionField,
  conditionFields,
  type EditorChoices,
  KIND_CHOICES,
  opWords,
  SOURCE_CHOICES,
  STATUS_CHOICES,
  TRIGGER_CHOICES,
} from './editor-choices.js';
import type { ConditionRow, EditorValues } from './editor-values.js';

export function triggerPart(values: EditorValues, choices: EditorChoices, errors: FieldErrors): SafeHtml {
  const t = values.trigger;
  const type = t.type;
  const counted = ['installment.due', 'installment.overdue', 'event.upcoming', 'event.finished'];
  // Without a script every detail is drawn, each saying what it is for; one chosen shows only its own.
  const shows = (...types: string[]) => type === '' || types.includes(type);
  const parts: SafeHtml[] = [];
  if (shows(...counted))
    parts.push(
      inputControl({
        name: 'trigger_days',
        label: 'How many days',
        hint: 'For the triggers counted in days: 0 is the day itself.',
        value: t.days,
        errors,
        type: 'number',
        attributes: html`min="0" max="365" step="1" inputmode="numeric"`,
        className: 'short',
      }),
    );
  if (shows('booking.status_changed'))
    parts.push(
      selectControl({
        name: 'trigger_status',
        label: 'The status it changes to',
        hint: 'For “A booking’s status changes”.',
        value: t.status,
        choices: STATUS_CHOICES,
        errors,
        empty: 'Choose a status',
      }),
    );
  if (shows('booking.stage_entered'))
    parts.push(
      selectControl({
        name: 'trigger_stage',
        label: 'The stage it enters',
        hint: 'For “A booking enters a stage”.',
        value: t.stage,
        choices: choices.stages,
        errors,
        empty: 'Choose a stage',
      }),
    );
  if (shows('document.sent', 'document.signed'))
    parts.push(
      selectControl({
        name: 'trigger_kind',
        label: 'Which document',
        hint: 'For a document sent or signed.',
        value: t.kind,
        choices: KIND_CHOICES,
        errors,
        empty: 'Any document',
      }),
    );
  if (shows('booking.created'))
    parts.push(
      ticksControl({
        name: 'trigger_sources',
        label: 'Made from',
        hint: 'For “A booking is made”: none ticked means from anywhere.',
        values: t.sources,
        choices: SOURCE_CHOICES,
        errors,
        className: 'columns',
      }),
    );
  return html`<fieldset class="group" id="trigger"><legend>When it starts</legend>
    ${selectControl({ name: 'trigger_type', label: 'Trigger', value: type, choices: TRIGGER_CHOICES, errors, empty: 'Choose what starts it' })}
    <div class="trigger-details">${parts}</div>
    ${type === '' ? '' : html`<p class="hint">Chose another trigger? ${rowButton('refresh', 'Show its details')}</p>`}
  </fieldset>`;
}

function valueControl(row: ConditionRow, i: number, choices: EditorChoices, errors: FieldErrors): SafeHtml {
  const field = conditionField(choices, row.field);
  const name = `condition_${i}_value`;
  const context = `(condition ${i + 1})`;
  if (field?.kind === 'choice')
    return ticksControl({
      name,
      label: 'Value',
      context,
      values: row.value,
      choices: field.choices,
      errors,
      hint: 'Tick one; with “is one of”, tick as many as you like.',
      className: 'columns',
    });
  const kind = field?.kind ?? 'text';
  const hint =
    kind === 'money'
      ? `An amount in ${choices.currency}.`
      : kind === 'date'
        ? undefined
        : row.op === 'in'
          ? 'Separate the values with commas.'
          : undefined;
  const type = kind === 'date' ? 'date' : 'text';
  const attributes =
    kind === 'whole' || kind === 'number' || kind === 'money' ? html`inputmode="decimal"` : undefined;
  return inputControl({
    name,
    label: 'Value',
    context,
    value: row.value[0] ?? '',
    errors,
    type,
    ...(hint ? { hint } : {}),
    ...(attributes ? { attributes } : {}),
  });
}

function conditionRow(row: ConditionRow, i: number, choices: EditorChoices, errors: FieldErrors): SafeHtml {
  const field = conditionField(choices, row.field);
  const label = field?.label ?? row.field;
  const ops = (field?.ops ?? ['eq']).map((op) => ({ value: op, label: opWords(op, field?.kind ?? 'text') }));
  return html`<li class="editor-row" id="condition-${i}">
    <input type="hidden" name="condition_${i}_field" value="${row.field}" />
    <p class="row-title" id="field-condition_${i}_field"><strong>${label}</strong>${field?.fieldType ? html` <span class="muted small">(custom field)</span>` : ''}</p>
    ${errors[`condition_${i}_field`] ? html`<p class="field-error">${errors[`condition_${i}_field`]}</p>` : ''}
    <div class="row-controls">
      ${selectControl({ name: `condition_${i}_op`, label: 'Compared', context: `(condition ${i + 1}, ${label})`, value: row.op, choices: ops, errors })}
      ${valueControl(row, i, choices, errors)}
    </div>
    <div class="row-moves">${rowButton(`remove_condition:${i}`, 'Remove', `condition ${i + 1}, ${label}`)}</div>
  </li>`;
}

export function conditionsPart(values: EditorValues, choices: EditorChoices, errors: FieldErrors): SafeHtml {
  const fields = conditionFields(choices).map((f) => ({
    value: f.value,
    label: f.fieldType ? `${f.label} (custom field)` : f.label,
  }));
  return html`<fieldset class="group" id="field-conditions" ${described('conditions', errors)}><legend>Only for bookings where</legend>
    <input type="hidden" name="conditions" value="${values.conditions.length}" />
    ${values.conditions.length === 0 ? html`<p class="hint">No conditions: every booking the trigger meets starts it.</p>` : html`<ol class="plain editor-rows">${values.conditions.map((c, i) => conditionRow(c, i, choices, errors))}</ol>`}
    ${fieldError('conditions', errors)}
    <div class="add-row">${selectControl({ name: 'new_condition_field', label: 'Add a condition on', value: '', choices: fields, errors: {} })}
      ${rowButton('add_condition', 'Add the condition')}</div>
  </fieldset>`;
}

export function exitsPart(values: EditorValues, errors: FieldErrors): SafeHtml {
  const e = values.exits;
  return html`<fieldset class="group" id="exits"><legend>Stops when</legend>
    <p class="hint">A run that stops takes no more steps.</p>
    ${tickControl({ name: 'exit_signed', label: 'A document of the booking is signed', checked: e.signed, errors })}
    ${tickControl({ name: 'exit_writes', label: 'The client writes (a message on the booking)', checked: e.writes, errors })}
    ${ticksControl({ name: 'exit_statuses', label: 'The booking’s status becomes', values: e.statuses, choices: STATUS_CHOICES, errors, className: 'columns' })}
  </fieldset>`;
}
