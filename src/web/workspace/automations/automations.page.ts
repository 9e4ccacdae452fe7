/**
 * Settings → Automations (SPEC §18): the automations Marquee ships, each in one line of plain words
 * with its state and one click to turn it on (made in this organization the first time) or off;
 * the organization's own, the same, with Edit and Delete; each linked to its page (what it does
 * and its latest runs); and the link to the New automation editor (automation-editor.page.ts).
 */
import {
  type Automation,
  automationSummary,
  SHIPPED_AUTOMATIONS,
  type ShippedAutomation,
  type SummaryNames,
} from '../../../crm/automations/index.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField } from '../forms/form-fields.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

/** An automation with the version its switch carries back (If-Match). */
export interface Versioned<Value> {
  value: Value;
  version: string;
}

export interface AutomationsView {
  automations: readonly Versioned<Automation>[];
  names: SummaryNames;
  /** A sentence about the change just made, shown once. */
  notice?: string | undefined;
}

const stateBadge = (on: boolean) =>
  on ? html`<span class="badge state-paid">On</span>` : html`<span class="badge">Off</span>`;

/** The one-click switch of an automation made in this organization, at the version drawn. */
function toggleForm(v: WorkspaceVisitor, { value, version }: Versioned<Automation>): SafeHtml {
  return html`<form method="post" action="${orgPath(v, `/settings/automations/${value.id}/enabled`)}">${csrfField(v.csrfToken)}
    <input type="hidden" name="version" value="${version}" /><input type="hidden" name="enabled" value="${value.enabled ? 'false' : 'true'}" />
    <button type="submit" class="secondary">${value.enabled ? 'Turn off' : 'Turn on'}<span class="visually-hidden"> ${value.name}</span></button></form>`;
}

/** Its page (what it does in words, its steps' approvals, its latest runs) and its editor. */
function runsLink(v: WorkspaceVisitor, automation: Automation): SafeHtml {
  const page = orgPath(v, `/settings/automations/${automation.id}`);
  return html`<a class="button secondary" href="${page}/edit">Edit<span class="visually-hidden"> ${automation.name}</span></a>
    <a href="${page}#steps">Steps<span class="visually-hidden"> of ${automation.name}</span></a>
    <a href="${page}">Recent runs<span class="visually-hidden"> of ${automation.name}</span></a>`;
}

function shippedEntry(v: WorkspaceVisitor, view: AutomationsView, shipped: ShippedAutomation): SafeHtml {
  const made = view.automations.find((a) => a.value.key === shipped.key);
  const name = made?.value.name ?? shipped.name;
  const summary = automationSummary(made?.value ?? shipped, view.names);
  const actions = made
    ? html`${toggleForm(v, made)}${runsLink(v, made.value)}`
    : html`<form method="post" action="${orgPath(v, '/settings/automations/shipped')}">${csrfField(v.csrfToken)}
        <input type="hidden" name="key" value="${shipped.key}" />
        <button type="submit" class="secondary">Turn on<span class="visually-hidden"> ${name}</span></button></form>`;
  return html`<li id="shipped-${shipped.key}"><strong>${name}</strong> ${stateBadge(made?.value.enabled ?? false)}
    <p class="small">${summary}</p><div class="moves">${actions}</div></li>`;
}

function ownEntry(v: WorkspaceVisitor, view: AutomationsView, made: Versioned<Automation>): SafeHtml {
  const { value } = made;
  return html`<li id="automation-${value.id}"><strong>${value.name}</strong> ${stateBadge(value.enabled)}
    <p class="small">${automationSummary(value, view.names)}</p>
    <div class="moves">${toggleForm(v, made)}${runsLink(v, value)}
      <a class="button secondary" href="${orgPath(v, `/settings/automations/${value.id}/delete`)}">Delete<span class="visually-hidden"> ${value.name}</span>…</a></div></li>`;
}

export function automationsPage(v: WorkspaceVisitor, view: AutomationsView): string {
  const own = view.automations.filter((a) => a.value.key === null);
  const body = html`${settingsTabs(v, 'automations')}<h1>Automations</h1>
    ${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
    <p>Automations follow up for the venue: each starts for a booking when its trigger happens, takes its steps in order, and stops when its booking meets what ends it. Mail waits for the venue’s sending window (weekdays 09:00–17:00 in its time zone unless an admin set another through the API) where it says so.</p>
    <section aria-labelledby="shipped-title"><h2 id="shipped-title">Shipped with Marquee</h2>
      <ul class="plain">${SHIPPED_AUTOMATIONS.map((s) => shippedEntry(v, view, s))}</ul></section>
    <section aria-labelledby="own-title"><h2 id="own-title">This venue’s own</h2>
      ${own.length === 0 ? html`<p class="muted">None yet.</p>` : html`<ul class="plain">${own.map((a) => ownEntry(v, view, a))}</ul>`}
      <p><a class="button" href="${orgPath(v, '/settings/automations/new')}">New automation</a></p></section>`;
  return workspacePage(v, { title: 'Automations', section: 'settings', body });
}
