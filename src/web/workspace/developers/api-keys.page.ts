/**
 * Settings → Developers → API keys (SPEC §15): the organization's keys with their scopes, maker,
 * creation and last use, a form to make one (a name, and crm_read / crm_manage as checkboxes), and
 * the new key's secret, shown once with the X-API-ORG to send beside it.
 */
import type { ApiKeyView, EndedApiKeyView } from '../../../api-keys/api-keys.js';
import { html, type SafeHtml } from '../../html.js';
import {
  checkboxesField,
  csrfField,
  errorSummary,
  type FieldErrors,
  inputField,
} from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { clockLabel, dayLabel, localDate } from '../time-zones.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface ApiKeysView {
  keys: ApiKeyView[];
  /** Keys that no longer work (revoked, or their user left), the latest ended first. */
  ended: EndedApiKeyView[];
  zone: string;
  /** Where the API is, for the example call. */
  baseUrl: string;
  errors: FieldErrors;
  values: { name: string; scopes: string[] };
  /** The key just made: shown once, here only. */
  made?: { name: string; secret: string } | undefined;
  notice?: string | undefined;
}

const SCOPE_CHOICES = [
  { value: 'crm_read', label: 'Read (crm_read): bookings, accounts, contacts, notes and the rest' },
  { value: 'crm_manage', label: 'Read and change (crm_manage): create, change and delete them too' },
];

/** crm_manage implies crm_read: a key is listed by the most it may do. */
const SCOPE_WORDS = { crm_read: 'Read', crm_manage: 'Read and change' } as const;

const when = (iso: string | null, zone: string) =>
  iso ? `${dayLabel(localDate(Date.parse(iso), zone))}, ${clockLabel(Date.parse(iso), zone)}` : 'never';

function madeSection(
  v: WorkspaceVisitor,
  view: ApiKeysView,
  made: { name: string; secret: string },
): SafeHtml {
  const org = v.organization.organizationId;
  return html`<section aria-labelledby="made" class="notice">
    <h2 id="made">Your new key “${made.name}”</h2>
    <p>Copy it now: it is shown only this once, and anyone who has it can use the venue’s data as you. Send it with the organization’s id on every call:</p>
    <code class="secret" id="api-key">${made.secret}</code>
    <p>X-API-ORG: <code id="api-org">${org}</code></p>
    <p>For example: <code>curl -H "X-API-KEY: &lt;your key&gt;" -H "X-API-ORG: ${org}" ${view.baseUrl}/v2/bookings</code></p>
  </section>`;
}

function endedSection(view: ApiKeysView): SafeHtml | '' {
  if (view.ended.length === 0) return '';
  const rows = view.ended.map(
    (k) => html`<tr>
      <td>${k.name}</td>
      <td data-label="Acted as">${k.userEmail}</td>
      <td data-label="Last used">${when(k.lastUsedAt, view.zone)}</td>
      <td data-label="Ended">${when(k.endedAt, view.zone)}: ${k.reason === 'member_removed' ? `${k.userEmail} left the team` : 'revoked'}</td>
    </tr>`,
  );
  return html`<h2 id="ended-keys">Ended keys</h2>
    <p>These no longer work and never will again; a person who leaves the team and is added back gets none of theirs back.</p>
    <table class="list" aria-labelledby="ended-keys"><thead><tr><th scope="col">Name</th><th scope="col">Acted as</th><th scope="col">Last used</th><th scope="col">Ended</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function apiKeysPage(v: WorkspaceVisitor, view: ApiKeysView): string {
  const base = orgPath(v, '/settings/developers/api-keys');
  const rows = view.keys.map(
    (k) => html`<tr>
      <td>${k.name}</td>
      <td data-label="May">${k.scopes.includes('crm_manage') ? SCOPE_WORDS.crm_manage : SCOPE_WORDS.crm_read}</td>
      <td data-label="Acts as">${k.userEmail}</td>
      <td data-label="Made">${when(k.createdAt, view.zone)}</td>
      <td data-label="Last used">${when(k.lastUsedAt, view.zone)}</td>
      <td><form method="post" action="${base}/${k.id}/revoke">${csrfField(v.csrfToken)}<button type="submit" class="secondary">Revoke<span class="visually-hidden"> ${k.name}</span></button></form></td>
    </tr>`,
  );
  const list =
    view.keys.length === 0
      ? html`<p class="muted">The venue has no API keys yet.</p>`
      : html`<table class="list"><thead><tr><th scope="col">Name</th><th scope="col">May</th><th scope="col">Acts as</th><th scope="col">Made</th><th scope="col">Last used</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>${rows}</tbody></table>`;
  const body = html`${settingsTabs(v, 'api-keys')}<h1>API keys</h1>
    ${noticeOf({ revoked: 'The key is revoked: calls with it are refused.' }, view.notice)}
    ${view.made ? madeSection(v, view, view.made) : ''}
    <p>A key lets a program call the <a href="/docs">API</a> as you, in this organization only: send it as <code>X-API-KEY</code> with <code>X-API-ORG: ${v.organization.organizationId}</code>. It stops when it is revoked or when you leave the team. Integrations that act for many venues should use OAuth instead (Integrations).</p>
    ${list}
    ${endedSection(view)}
    <h2>Make a key</h2>
    ${errorSummary(view.errors, { name: 'Name', scopes: 'May' })}
    <form method="post" action="${base}" novalidate class="record-form">
      ${csrfField(v.csrfToken)}
      ${inputField({ name: 'name', label: 'Name', value: view.values.name, errors: view.errors, required: true, hint: 'What uses it, e.g. “Website enquiry form”.', attributes: html`maxlength="100" autocomplete="off"` })}
      ${checkboxesField({ name: 'scopes', legend: 'May', choices: SCOPE_CHOICES, values: view.values.scopes, errors: view.errors, empty: html`` })}
      <div class="actions"><button type="submit">Make the key</button></div>
    </form>`;
  return workspacePage(v, { title: 'API keys', section: 'settings', body });
}
