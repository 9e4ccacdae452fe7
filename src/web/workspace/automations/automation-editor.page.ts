/**
 * Settings → Automations → New automation, and an automation's Edit (SPEC §18): its name, what
 * starts it, the conditions a booking must meet, its steps in order and what stops a run — plain
 * controls, no JSON. Every problem is listed at the top, linked to its control, and said beside
 * it; what was typed is kept. Rows are added, removed and moved by buttons that draw the form
 * again, so it works without a script.
 */
import { html } from '../../html.js';
import { csrfField, errorSummary, type FieldErrors, inputField } from '../forms/form-fields.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { conditionField, type EditorChoices, STEP_CHOICES } from './editor-choices.js';
import { tickControl } from './editor-controls.js';
import { conditionsPart, exitsPart, triggerPart } from './editor-parts.view.js';
import { stepsPart } from './editor-steps.view.js';
import type { EditorValues } from './editor-values.js';

export interface EditorView {
  /** Absent for a new automation. */
  automation?: { id: string; name: string; version: string } | undefined;
  values: EditorValues;
  choices: EditorChoices;
  errors: FieldErrors;
}

const STEP_INPUT_WORDS: Record<string, string> = {
  days: 'days',
  hours: 'hours',
  at: 'time',
  window: 'sending window',
  template: 'template',
  to: 'to',
  approval: 'approval',
  title: 'task',
  assignee: 'for',
  stage: 'stage',
  body: 'note',
  type: 'kind',
};

/** What the error summary calls each control with an error. */
function labelsOf(view: EditorView): Record<string, string> {
  const labels: Record<string, string> = {
    name: 'Name',
    trigger_type: 'Trigger',
    trigger_days: 'How many days',
    trigger_status: 'The status it changes to',
    trigger_stage: 'The stage it enters',
    trigger_kind: 'Which document',
    trigger_sources: 'Made from',
    conditions: 'Conditions',
    steps: 'Steps',
    exit_statuses: 'Stops when the status becomes',
    allow_reenrollment: 'May start again',
  };
  view.values.conditions.forEach((c, i) => {
    const label = conditionField(view.choices, c.field)?.label ?? c.field;
    labels[`condition_${i}_field`] = `Condition ${i + 1} (${label})`;
    labels[`condition_${i}_op`] = `Condition ${i + 1} (${label}), compared`;
    labels[`condition_${i}_value`] = `Condition ${i + 1} (${label}), value`;
  });
  view.values.steps.forEach((s, i) => {
    const kind = STEP_CHOICES.find((c) => c.value === s.type)?.label ?? s.type;
    for (const [input, words] of Object.entries(STEP_INPUT_WORDS))
      labels[`step_${i}_${input}`] = `Step ${i + 1} (${kind}), ${words}`;
  });
  return labels;
}

export function automationEditorPage(v: WorkspaceVisitor, view: EditorView): string {
  const { values, choices, errors, automation } = view;
  const title = automation ? `Edit ${automation.name}` : 'New automation';
  const action = orgPath(
    v,
    automation ? `/settings/automations/${automation.id}/edit` : '/settings/automations',
  );
  const back = orgPath(v, automation ? `/settings/automations/${automation.id}` : '/settings/automations');
  const body = html`${settingsTabs(v, 'automations')}
    <p class="crumbs"><a href="${orgPath(v, '/settings/automations')}">Automations</a></p>
    <h1>${title}</h1>
    <p class="hint">An automation starts for a booking when its trigger happens and the booking meets its conditions, takes its steps in order, and stops when the booking meets what ends it.</p>
    ${errorSummary(errors, labelsOf(view))}
    <form method="post" action="${action}" novalidate class="record-form automation-editor">${csrfField(v.csrfToken)}
      ${automation ? html`<input type="hidden" name="version" value="${automation.version}" />` : ''}
      <button type="submit" name="do" value="save" class="visually-hidden" tabindex="-1" aria-hidden="true">Save</button>
      ${inputField({ name: 'name', label: 'Name', value: values.name, errors, required: true, attributes: html`maxlength="200"` })}
      ${triggerPart(values, choices, errors)}
      ${conditionsPart(values, choices, errors)}
      ${stepsPart(values, choices, errors)}
      ${exitsPart(values, errors)}
      <fieldset class="group"><legend>Again for the same booking</legend>
        ${tickControl({ name: 'allow_reenrollment', label: 'May start again for a booking it already ran for', checked: values.allowReenrollment, errors, hint: 'Unticked, it runs once for each booking.' })}
      </fieldset>
      <div class="actions"><button type="submit" name="do" value="save">${automation ? 'Save the automation' : 'Add the automation'}</button>
        <a class="button secondary" href="${back}">Cancel</a></div>
    </form>`;
  return workspacePage(v, { title, section: 'settings', body });
}
