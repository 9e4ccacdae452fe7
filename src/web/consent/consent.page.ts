import type { Membership } from '../../identity/membership.repository.js';
import type { AuthorizeParams } from '../../oauth/authorize/authorize-request.js';
import { SCOPE_DESCRIPTIONS, type Scope } from '../../policy/scopes.js';
import { html } from '../html.js';
import { page } from '../layout.js';

export interface ConsentView {
  integrationName: string;
  scopes: readonly string[];
  params: AuthorizeParams;
  memberships: readonly Membership[];
  /** Organizations ticked; all of them the first time the page is shown. */
  checkedOrganizationIds: readonly string[];
  csrfToken: string;
  userEmail: string;
  /** An assistant's grant (SPEC §16) covers exactly one organization: one is chosen. */
  oneOrganization: boolean;
  /** The app registered itself: its name is its own claim. */
  selfRegistered: boolean;
  error?: string;
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Where approving sends the person back: the redirect URI's host, in words. */
function returnsTo(redirectUri: string | undefined) {
  let url: URL;
  try {
    url = new URL(redirectUri ?? '');
  } catch {
    return '';
  }
  const where = LOOPBACK.test(url.hostname)
    ? html`an app on this computer (<strong class="redirect-host">${url.host}</strong>)`
    : html`<strong class="redirect-host">${url.host}</strong>`;
  return html`<p class="lead">After you answer, you are sent back to ${where}.</p>`;
}

export function consentPage(view: ConsentView): string {
  const hidden = Object.entries(view.params).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value ?? ''}" />`,
  );
  const single = view.memberships.length === 1 ? view.memberships[0] : undefined;
  const organizations = single
    ? html`<p>It will have access to <strong>${single.organizationName}</strong>.</p>
        <input type="hidden" name="organization_id" value="${single.organizationId}" />`
    : html`<fieldset ${view.error ? html`aria-describedby="organizations-error"` : ''}>
        <legend>${view.oneOrganization ? 'The organization it may access' : 'Organizations it may access'}</legend>
        ${view.error ? html`<p class="field-error" id="organizations-error">${view.error}</p>` : ''}
        ${view.memberships.map(
          (m) =>
            html`<label class="check">
              <input
                type="${view.oneOrganization ? 'radio' : 'checkbox'}"
                name="organization_id"
                value="${m.organizationId}"
                ${view.checkedOrganizationIds.includes(m.organizationId) ? html`checked` : ''}
              />
              <span>${m.organizationName} <span class="muted">(${m.role})</span></span>
            </label>`,
        )}
      </fieldset>`;
  return page({
    title: `Authorize ${view.integrationName}`,
    signedInAs: view.userEmail,
    csrfToken: view.csrfToken,
    body: html` <h1>${view.integrationName} wants to access your Marquee account</h1>
      <p class="lead">Signed in as ${view.userEmail}.</p>
      ${returnsTo(view.params.redirect_uri)}
      ${
        view.selfRegistered
          ? html`<p class="notice" role="note">
            <strong>Self-registered, not verified.</strong> This app registered itself; the name
            “${view.integrationName}” is its own claim, not checked by anyone at your venue, and
            only its address above says where it lives. Approve only if you started this connection
            from your assistant just now.
          </p>`
          : ''
      }
      <form method="post" action="/oauth/authorize">
        <input type="hidden" name="_csrf" value="${view.csrfToken}" />
        ${hidden}
        <h2>It will be able to</h2>
        <ul class="scopes">
          ${view.scopes.map((s) => html`<li>${SCOPE_DESCRIPTIONS[s as Scope] ?? s}</li>`)}
        </ul>
        ${organizations}
        <p class="muted">You can revoke this access at any time under Connected apps.</p>
        <div class="actions">
          <button type="submit" name="decision" value="approve">Approve</button>
          <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
        </div>
      </form>`,
  });
}
