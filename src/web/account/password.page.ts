import { MIN_PASSWORD_LENGTH } from '../../identity/identity.service.js';
import { html, type SafeHtml } from '../html.js';
import { page } from '../layout.js';

export type PasswordField = 'current_password' | 'new_password' | 'new_password_confirm';

export interface PasswordView {
  email: string;
  csrfToken: string;
  errors?: Partial<Record<PasswordField, string>>;
  notice?: string;
}

function field(
  view: PasswordView,
  name: PasswordField,
  label: string,
  autocomplete: string,
  hint?: string,
): SafeHtml {
  const error = view.errors?.[name];
  const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return html`<label for="${name}">${label}</label>
    ${hint ? html`<p class="muted" id="${name}-hint">${hint}</p>` : ''}
    ${error ? html`<p class="field-error" id="${name}-error">${error}</p>` : ''}
    <input
      id="${name}"
      name="${name}"
      type="password"
      autocomplete="${autocomplete}"
      required
      ${describedBy ? html`aria-describedby="${describedBy}"` : ''}
      ${error ? html`aria-invalid="true"` : ''}
    />`;
}

export function passwordPage(view: PasswordView): string {
  return page({
    title: 'Change your password',
    signedInAs: view.email,
    csrfToken: view.csrfToken,
    body: html`<h1>Change your password</h1>
      ${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
      <p class="lead">Changing it signs you out everywhere else; this browser stays signed in.</p>
      <form method="post" action="/account/password" novalidate>
        <input type="hidden" name="_csrf" value="${view.csrfToken}" />
        ${field(view, 'current_password', 'Current password', 'current-password')}
        ${field(
          view,
          'new_password',
          'New password',
          'new-password',
          `At least ${MIN_PASSWORD_LENGTH} characters.`,
        )}
        ${field(view, 'new_password_confirm', 'New password again', 'new-password')}
        <div class="actions"><button type="submit">Change password</button></div>
      </form>`,
  });
}
