/** The parts of an integration's page below its settings form: new secret, webhooks, rotate and delete. */
import type { Integration } from '../../integrations/integration.repository.js';
import type { DeliveryView, EndpointView } from '../../integrations/integration-webhooks.js';
import { html, type SafeHtml } from '../html.js';
import type { SecretFlash } from './secret-flash.js';
import { when } from './settings-times.js';

export function newSecretSection(integration: Integration, flash: SecretFlash): SafeHtml {
  return html`<section aria-labelledby="new-secret">
    <h2 id="new-secret">${flash.rotated ? 'New client secret' : `${integration.name} is ready`}</h2>
    <p class="notice" role="status">Copy the client secret now: it is shown only once${flash.rotated ? ', and the previous secret no longer works' : ''}.</p>
    <p><strong>Client id</strong></p>
    <code class="secret" id="client-id">${integration.clientId}</code>
    <p><strong>Client secret</strong></p>
    <code class="secret" id="client-secret">${flash.secret}</code>
  </section>`;
}

function outcome(d: DeliveryView): SafeHtml {
  if (d.status === 'succeeded') return html`<strong>Delivered</strong>`;
  if (d.status === 'failed') return html`<strong>Failed</strong>`;
  return d.attempts === 0 ? html`Queued` : html`Retrying`;
}

function lastResponse(d: DeliveryView): SafeHtml | string {
  if (d.attempts === 0) return html`<span class="muted">not tried yet</span>`;
  const code = d.lastStatusCode === null ? 'no response' : `HTTP ${d.lastStatusCode}`;
  const took = d.lastDurationMs === null ? '' : ` in ${d.lastDurationMs} ms`;
  return html`${code}${took}${d.lastError ? html`<div class="muted">${d.lastError}</div>` : ''}`;
}

function deliveriesTable(
  integration: Integration,
  endpoint: EndpointView,
  csrfToken: string,
  zone: string,
): SafeHtml {
  if (endpoint.deliveries.length === 0) return html`<p class="muted">No deliveries yet.</p>`;
  const rows = endpoint.deliveries.map(
    (d) => html`<tr>
      <td><code>${d.changeType}</code><div class="muted"><code>${d.changeId}</code></div></td>
      <td>${outcome(d)}</td>
      <td>${d.attempts === 1 ? '1 attempt' : `${d.attempts} attempts`}</td>
      <td>${lastResponse(d)}</td>
      <td>${d.status === 'pending' ? `next ${when(d.nextAttemptAt, zone)}` : html`<span class="muted">no further attempt</span>`}</td>
      <td>${
        endpoint.disabledAt
          ? html`<span class="muted">endpoint disabled</span>`
          : html`<form method="post" action="/settings/integrations/${integration.id}/deliveries/${d.id}/resend">
              <input type="hidden" name="_csrf" value="${csrfToken}" />
              <button type="submit" class="secondary" aria-label="Resend ${d.changeType} ${d.changeId}">Resend</button>
            </form>`
      }</td>
    </tr>`,
  );
  return html`<table>
    <caption class="muted">Recent deliveries to ${endpoint.url}</caption>
    <thead><tr><th scope="col">Change</th><th scope="col">Outcome</th><th scope="col">Attempts</th><th scope="col">Last response</th><th scope="col">Next attempt</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
    <tbody>${rows}</tbody>
  </table>`;
}

export function webhooksSection(
  integration: Integration,
  endpoints: readonly EndpointView[],
  csrfToken: string,
  zone: string,
): SafeHtml {
  const list = endpoints.map(
    (e) => html`<article class="webhook-endpoint">
      <h3><code>${e.url}</code></h3>
      ${e.description ? html`<p>${e.description}</p>` : ''}
      <p>Changes: ${e.events.includes('*') ? 'all' : e.events.map((t) => html`<code>${t}</code> `)}
        · Created ${when(e.createdAt, zone)} ·
        ${
          e.disabledAt
            ? html`<strong>Disabled</strong> since ${when(e.disabledAt, zone)}: ${e.disabledReason ?? 'turned off'}`
            : html`<strong>Enabled</strong>`
        }</p>
      <div class="actions">
        <form method="post" action="/settings/integrations/${integration.id}/endpoints/${e.id}/enabled">
          <input type="hidden" name="_csrf" value="${csrfToken}" />
          <input type="hidden" name="enabled" value="${e.disabledAt ? 'true' : 'false'}" />
          <button type="submit" class="secondary">${e.disabledAt ? 'Turn on' : 'Turn off'}<span class="visually-hidden"> ${e.url}</span></button>
        </form>
        <a class="button secondary" href="/settings/integrations/${integration.id}/endpoints/${e.id}/delete">Delete<span class="visually-hidden"> ${e.url}</span>…</a>
      </div>
      ${deliveriesTable(integration, e, csrfToken, zone)}
    </article>`,
  );
  return html`<h2>Webhooks</h2>
    <p class="muted">Endpoints this integration registered in this organization through the API, and their latest deliveries (times in ${zone}). Resend delivers a change again with the same <code>webhook-id</code>.</p>
    ${endpoints.length === 0 ? html`<p class="muted">No webhook endpoints.</p>` : list}`;
}

/** Rotate and delete lead to confirmation pages (GET forms, so they stay buttons without JavaScript). */
export function dangerSection(integration: Integration): SafeHtml {
  const rotate =
    integration.authMethod === 'none'
      ? ''
      : html`<h2>Client secret</h2>
    <p>Rotating issues a new secret; the current one, and the tokens obtained with it by client credentials, stop working at once.</p>
    <form method="get" action="/settings/integrations/${integration.id}/rotate-secret">
      <button type="submit" class="secondary">Rotate secret</button>
    </form>`;
  return html`${rotate}
    <h2>Delete</h2>
    <p>Deleting the integration ends every token it holds at once.</p>
    <form method="get" action="/settings/integrations/${integration.id}/delete">
      <button type="submit" class="danger">Delete ${integration.name}</button>
    </form>`;
}
