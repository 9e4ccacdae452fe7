import type { Membership } from '../../identity/membership.repository.js';
import { html } from '../html.js';
import type { ConnectedApp } from '../../oauth/connected-apps.js';
import { SCOPE_DESCRIPTIONS, type Scope } from '../../policy/scopes.js';
import { type SettingsFrame, settingsPage } from './settings-layout.js';
import { when } from './settings-times.js';

export function connectedAppsPage(
  frame: SettingsFrame,
  apps: readonly ConnectedApp[],
  memberships: readonly Membership[],
  notice?: string,
): string {
  const orgName = (id: string) => memberships.find((m) => m.organizationId === id)?.organizationName ?? id;
  return settingsPage(
    frame,
    'Connected apps',
    html`<h1>Connected apps</h1>
      <p class="lead">Integrations you have allowed to act for you. Revoking one ends all of its access at once.</p>
      ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
      ${
        apps.length === 0
          ? html`<p class="muted">You have not connected any apps.</p>`
          : html`<table>
            <thead><tr><th scope="col">App</th><th scope="col">Can</th><th scope="col">Organizations</th><th scope="col">Authorized</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
            <tbody>
              ${apps.map(
                (app) => html`<tr>
                  <td><strong>${app.integrationName}</strong>${app.selfRegistered ? html`<br /><span class="muted">Assistant, self-registered (not verified)</span>` : ''}</td>
                  <td><ul class="scopes">${app.scopes.map((s) => html`<li>${SCOPE_DESCRIPTIONS[s as Scope] ?? s}</li>`)}</ul></td>
                  <td>${app.organizationIds.map(orgName).join(', ')}</td>
                  <td>${when(app.firstAuthorizedAt, frame.zone)}${app.lastAuthorizedAt !== app.firstAuthorizedAt ? html` (again ${when(app.lastAuthorizedAt, frame.zone)})` : ''}</td>
                  <td>
                    <form method="get" action="/settings/connected-apps/${app.integrationId}/revoke">
                      <button type="submit" class="danger" aria-label="Revoke ${app.integrationName}">Revoke</button>
                    </form>
                  </td>
                </tr>`,
              )}
            </tbody>
          </table>`
      }`,
  );
}
