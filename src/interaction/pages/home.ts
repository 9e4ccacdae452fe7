import type { Membership } from '../../identity/membership.repository.js';
import { html } from '../html.js';
import { page } from '../layout.js';

export function homePage(email: string, memberships: readonly Membership[], csrfToken: string): string {
  return page({
    title: 'Marquee',
    signedInAs: email,
    csrfToken,
    body: html`<h1>Welcome to Marquee</h1>
      <p class="lead">You are signed in as ${email}.</p>
      <h2>Your organizations</h2>
      <ul>
        ${memberships.map(
          (m) =>
            html`<li>
              ${m.organizationName}
              <span class="muted">(${m.role}, id <code>${m.organizationId}</code>)</span>
            </li>`,
        )}
      </ul>`,
  });
}
