/**
 * The readable editor of an automation's steps (SPEC §18), on its page under Settings →
 * Automations: each step in plain words, in order, and beside each e-mail one tick for whether
 * its drafted mail waits under Approvals for a member to send, edit or skip (`requires_approval`)
 * — no JSON to write. It saves at the version drawn: a change made since is refused (412), as
 * every form of the workspace.
 */
import {
  type Automation,
  sentence,
  type Step,
  stepWords,
  type SummaryNames,
} from '../../../crm/automations/index.js';
import { type Form, formText } from '../../forms.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField } from '../forms/form-fields.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

/** The name of the tick of the step at `index`. */
const approvalField = (index: number) => `approval_${index}`;

const capitalized = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

function stepEntry(step: Step, index: number, names: SummaryNames): SafeHtml {
  const words = sentence(capitalized(stepWords(step, names)));
  if (step.type !== 'send_email') return html`<li>${words}</li>`;
  const id = `field-${approvalField(index)}`;
  return html`<li>${words}
    <label class="check"><input type="checkbox" id="${id}" name="${approvalField(index)}" value="yes" ${step.requires_approval === true ? html`checked` : ''} /><span>Wait under Approvals for a member to send it<span class="visually-hidden"> (step ${index + 1})</span></span></label></li>`;
}

export function automationStepsForm(
  v: WorkspaceVisitor,
  view: { automation: Automation; version: string; names: SummaryNames },
): SafeHtml {
  const { automation, version, names } = view;
  const mails = automation.steps.some((s) => s.type === 'send_email');
  return html`<section class="card" id="steps" aria-labelledby="steps-title"><h2 id="steps-title">Steps</h2>
    <form method="post" action="${orgPath(v, `/settings/automations/${automation.id}/steps`)}" class="record-form">${csrfField(v.csrfToken)}
      <input type="hidden" name="version" value="${version}" />
      <ol class="plain automation-steps">${automation.steps.map((s, i) => stepEntry(s, i, names))}</ol>
      ${
        mails
          ? html`<p class="hint">A ticked e-mail is drafted but not sent: it waits under Approvals until a member sends it, as it is or edited, or skips it.</p>
      <div class="actions"><button type="submit">Save the steps</button></div>`
          : ''
      }
    </form></section>`;
}

/** The automation's steps with each e-mail's approval as the form has it ticked. */
export function stepsPosted(form: Form, steps: readonly Step[]): Step[] {
  return steps.map((step, index) =>
    step.type === 'send_email'
      ? { ...step, requires_approval: formText(form, approvalField(index)) === 'yes' }
      : step,
  );
}
