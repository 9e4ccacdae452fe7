import type { Membership } from '../../identity/membership.repository.js';
import type { Member } from '../../identity/membership.repository.js';
import type { Integration, OwnedIntegration } from '../../integrations/integration.repository.js';
import { html, type SafeHtml } from '../html.js';
import { SCOPE_DESCRIPTIONS, SCOPES } from '../../policy/scopes.js';
import { type SettingsFrame, settingsPage } from './settings-layout.js';
import { dayOf } from './settings-times.js';

export function integrationsListPage(
  frame: SettingsFrame,
  organization: Membership,
  managing: readonly Membership[],
  integrations: readonly Integration[],
  notice?: string,
): string {
  const switcher =
    managing.length > 1
      ? html`<nav aria-label="Organizations"><p>Organization:
          ${managing.map((m) =>
            m.organizationId === organization.organizationId
              ? html` <strong>${m.organizationName}</strong>`
              : html` <a href="/settings/integrations?org=${m.organizationId}">${m.organizationName}</a>`,
          )}</p></nav>`
      : '';
  const rows = integrations.map(
    (i) => html`<tr>
      <td><a href="/settings/integrations/${i.id}">${i.name}</a></td>
      <td>${i.kind}</td>
      <td><code>${i.clientId}</code></td>
      <td>${i.scopes.join(' ')}</td>
      <td>${i.kind === 'public' ? i.redirectUris.map((u) => html`<div><code>${u}</code></div>`) : i.endedAt ? html`<strong>Ended</strong> <span class="muted">on ${dayOf(i.endedAt, frame.zone)}: its owner left the team; it issues no tokens and receives no webhooks</span>` : html`<span class="muted">client credentials</span>`}</td>
    </tr>`,
  );
  return settingsPage(
    frame,
    'Integrations',
    html`<h1>Integrations of ${organization.organizationName}</h1>
      ${switcher}
      ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
      <p><a class="button" href="/settings/integrations/new?org=${organization.organizationId}">New integration</a></p>
      ${
        integrations.length === 0
          ? html`<p class="muted">No integrations yet.</p>`
          : html`<table>
            <thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">Client id</th><th scope="col">Scopes</th><th scope="col">Redirect URIs</th></tr></thead>
            <tbody>${rows}</tbody>
          </table>`
      }`,
  );
}

export interface IntegrationFormView {
  organization: Membership;
  members: readonly Member[];
  /** Present when editing. */
  integration?: OwnedIntegration;
  values: {
    name: string;
    kind: string;
    redirectUris: string;
    scopes: readonly string[];
    owner: string;
    requirePkce: boolean;
    noSecret: boolean;
  };
  /** Field name → message. */
  errors: Record<string, string>;
  /** Shown above the form (a new secret). */
  above?: SafeHtml;
  /** Shown below the form (webhooks, rotate, delete). */
  below?: SafeHtml;
}

function fieldError(errors: Record<string, string>, field: string): SafeHtml | '' {
  return errors[field] ? html`<p class="field-error" id="${field}-error">${errors[field]}</p>` : '';
}

function describedBy(errors: Record<string, string>, field: string, hint?: string): SafeHtml {
  const ids = [hint, errors[field] ? `${field}-error` : undefined].filter(Boolean).join(' ');
  return ids ? html`aria-describedby="${ids}" ${errors[field] ? html`aria-invalid="true"` : ''}` : html``;
}

export function integrationFormPage(frame: SettingsFrame, view: IntegrationFormView): string {
  const { values, errors, integration } = view;
  const editing = integration !== undefined;
  const action = editing ? `/settings/integrations/${integration.id}` : '/settings/integrations';
  const kindFields = editing
    ? html`<p>Kind: <strong>${integration.kind}</strong> · Client id <code>${integration.clientId}</code></p>`
    : html`<fieldset ${describedBy(errors, 'kind')}>
        <legend>Kind</legend>
        ${fieldError(errors, 'kind')}
        <label class="check"><input type="radio" name="kind" value="public" ${values.kind === 'public' ? html`checked` : ''} />
          <span><strong>Public</strong>: any venue connects it through the authorization code grant</span></label>
        <label class="check"><input type="radio" name="kind" value="private" ${values.kind === 'private' ? html`checked` : ''} />
          <span><strong>Private</strong>: your own tooling, client credentials grant, acting as its owner</span></label>
      </fieldset>
      <label for="owner">Owner (private integrations act as this member)</label>
      <select id="owner" name="owner" ${describedBy(errors, 'owner')}>
        <option value="">—</option>
        ${view.members.map((m) => html`<option value="${m.email}" ${values.owner === m.email ? html`selected` : ''}>${m.email}</option>`)}
      </select>
      ${fieldError(errors, 'owner')}`;
  return settingsPage(
    frame,
    editing ? `Edit ${integration.name}` : 'New integration',
    html`<h1>${editing ? html`Edit ${integration.name}` : html`New integration for ${view.organization.organizationName}`}</h1>
      ${integration?.endedAt ? html`<p role="status" class="refusal">This integration ended on ${dayOf(integration.endedAt, frame.zone)}, when its owner left the team: it issues no tokens and receives no webhooks, and stays ended if they are added back. Make a new one to carry on.</p>` : ''}
      ${view.above ?? ''}
      ${Object.keys(errors).length ? html`<div role="alert">Please correct the fields marked below.</div>` : ''}
      <form method="post" action="${action}" novalidate>
        <input type="hidden" name="_csrf" value="${frame.csrfToken}" />
        <input type="hidden" name="org" value="${view.organization.organizationId}" />
        ${
          editing
            ? ''
            : html`<label for="name">Name</label>
            <input id="name" name="name" type="text" required maxlength="200" value="${values.name}" ${describedBy(errors, 'name')} />
            ${fieldError(errors, 'name')}`
        }
        ${kindFields}
        <label for="redirect_uris">Redirect URIs</label>
        <p class="muted" id="redirect-hint">One per line; https, or http on 127.0.0.1, [::1] or localhost. Needed for public integrations.</p>
        <textarea id="redirect_uris" name="redirect_uris" rows="3" ${describedBy(errors, 'redirect_uris', 'redirect-hint')}>${values.redirectUris}</textarea>
        ${fieldError(errors, 'redirect_uris')}
        <fieldset ${describedBy(errors, 'scopes')}>
          <legend>Allowed scopes</legend>
          ${fieldError(errors, 'scopes')}
          ${SCOPES.map(
            (
              s,
            ) => html`<label class="check"><input type="checkbox" name="scopes" value="${s}" ${values.scopes.includes(s) ? html`checked` : ''} />
              <span><code>${s}</code>: ${SCOPE_DESCRIPTIONS[s]}</span></label>`,
          )}
        </fieldset>
        <fieldset>
          <legend>Security</legend>
          <label class="check"><input type="checkbox" name="require_pkce" value="on" aria-describedby="pkce-hint" ${values.requirePkce ? html`checked` : ''} />
            <span><strong>Require PKCE</strong></span></label>
          <p class="muted" id="pkce-hint">Refuse authorization requests without an S256 <code>code_challenge</code> (RFC 7636). Turn it on once the integration sends one.</p>
          ${
            editing
              ? integration.authMethod === 'none'
                ? html`<p><strong>No client secret.</strong> The app sends its client id alone, and every authorization needs PKCE.</p>`
                : ''
              : html`<label class="check"><input type="checkbox" name="no_secret" value="on" aria-describedby="secret-hint" ${values.noSecret ? html`checked` : ''} />
            <span><strong>No client secret</strong>: a mobile or single-page app</span></label>
          <p class="muted" id="secret-hint">An app that runs on people's devices cannot keep a secret (RFC 8252). It then sends its client id alone, and every authorization needs PKCE. Public integrations only.</p>`
          }
        </fieldset>
        <div class="actions">
          <button type="submit">${editing ? 'Save changes' : 'Create integration'}</button>
          <a class="button secondary" href="/settings/integrations?org=${view.organization.organizationId}">Cancel</a>
        </div>
      </form>
      ${view.below ?? ''}`,
  );
}
