/**
 * An automation's page under Settings → Automations (SPEC §18): what starts it, its conditions and
 * what stops it, in words (as its line says them, automationParts), linked to its editor; its
 * steps, readable and with each e-mail's approval to tick (automation-steps-form.ts); its latest runs: for each, the booking
 * it runs for (linked to its page), its state, the step reached, when the next step is due and the
 * log, a line per step — every time in the venue's zone and locale.
 */
import {
  type Automation,
  automationParts,
  type AutomationRun,
  type RunLogLine,
  type SummaryNames,
} from '../../../crm/automations/index.js';
import { html, type SafeHtml } from '../../html.js';
import { clockLabel, dayLabel, localDate } from '../time-zones.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { automationStepsForm } from './automation-steps-form.js';

export interface AutomationRunsView {
  automation: Automation;
  /** The version its steps' form carries back (If-Match). */
  version: string;
  names: SummaryNames;
  /** A sentence about the change just made, shown once. */
  notice?: string | undefined;
  /** Its one line of plain words (automationSummary). */
  summary: string;
  runs: readonly AutomationRun[];
  zone: string;
  /** How many runs the page shows at most, the latest first. */
  limit: number;
}

const STATES: Record<AutomationRun['state'], string> = {
  waiting: 'Waiting',
  awaiting_approval: 'Awaiting approval',
  done: 'Done',
  exited: 'Stopped',
  failed: 'Failed',
};

const when = (iso: string, zone: string) =>
  `${dayLabel(localDate(Date.parse(iso), zone))}, ${clockLabel(Date.parse(iso), zone)}`;

function logTable(run: AutomationRun, zone: string): SafeHtml {
  if (run.log.length === 0) return html`<p class="muted small">No step has run yet.</p>`;
  const line = (l: RunLogLine) =>
    html`<tr><td class="nowrap">${when(l.at, zone)}</td><td>${l.stepIndex + 1} (${l.type})</td><td>${l.result}</td></tr>`;
  return html`<table class="list"><caption class="visually-hidden">Log of the run for ${run.booking.reference}</caption>
    <thead><tr><th scope="col">When</th><th scope="col">Step</th><th scope="col">What it did</th></tr></thead>
    <tbody>${run.log.map(line)}</tbody></table>`;
}

function runEntry(v: WorkspaceVisitor, run: AutomationRun, view: AutomationRunsView): SafeHtml {
  const steps = view.automation.steps.length;
  const reached = run.stepIndex < steps ? `Step ${run.stepIndex + 1} of ${steps}` : `All ${steps} steps`;
  return html`<li id="run-${run.id}">
    <p><a href="${orgPath(v, `/bookings/${run.booking.id}`)}">${run.booking.reference}</a> ${run.booking.name}
      · <strong>${STATES[run.state]}</strong> · ${reached}${run.nextAt === null ? '' : html` · next ${when(run.nextAt, view.zone)}`}</p>
    ${logTable(run, view.zone)}</li>`;
}

const capitalized = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/** "a, b, or c". */
const either = (items: readonly string[]) =>
  items.length <= 2 ? items.join(' or ') : `${items.slice(0, -1).join(', ')}, or ${items.at(-1) ?? ''}`;

function whatItDoes(v: WorkspaceVisitor, view: AutomationRunsView): SafeHtml {
  const { automation } = view;
  const parts = automationParts(automation, view.names);
  const row = (term: string, words: SafeHtml | string) => html`<div><dt>${term}</dt><dd>${words}</dd></div>`;
  return html`<section class="card" aria-labelledby="what-title"><h2 id="what-title">What it does</h2>
    <dl class="facts">
      ${row('Starts', `${parts.trigger}.`)}
      ${row('Only if', parts.conditions.length === 0 ? 'Every booking (no conditions).' : html`<ul class="conditions">${parts.conditions.map((c) => html`<li>${capitalized(c)}</li>`)}</ul>`)}
      ${row('Stops when', parts.exits.length === 0 ? 'Only when its steps are done.' : `${capitalized(either(parts.exits))}.`)}
      ${row('Again', automation.allowReenrollment ? 'May start again for a booking it ran for.' : 'Runs once for each booking.')}
    </dl>
    <p><a class="button secondary" href="${orgPath(v, `/settings/automations/${automation.id}/edit`)}">Edit the automation</a></p></section>`;
}

export function automationRunsPage(v: WorkspaceVisitor, view: AutomationRunsView): string {
  const { automation, runs } = view;
  const body = html`${settingsTabs(v, 'automations')}
    <p class="crumbs"><a href="${orgPath(v, '/settings/automations')}">Automations</a></p>
    <h1>${automation.name}</h1>
    ${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
    <p>${automation.enabled ? 'On' : 'Off'}. ${view.summary}</p>
    ${whatItDoes(v, view)}
    ${automationStepsForm(v, view)}
    <section aria-labelledby="runs-title"><h2 id="runs-title">Recent runs</h2>
      ${
        runs.length === 0
          ? html`<p class="muted">It has not run for any booking yet.</p>`
          : html`<p class="hint">The latest ${view.limit} at most, newest first.</p><ul class="plain">${runs.map((r) => runEntry(v, r, view))}</ul>`
      }</section>`;
  return workspacePage(v, { title: automation.name, section: 'settings', body });
}
