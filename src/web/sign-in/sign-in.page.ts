import { html } from '../html.js';
import { page } from '../layout.js';

export interface SignInView {
  csrfToken: string;
  returnTo: string;
  email?: string;
  error?: string;
  /** Who is asking, when sign-in is part of an authorization request. */
  integrationName?: string;
}

export function signInPage(view: SignInView): string {
  const errorId = view.error ? 'sign-in-error' : undefined;
  return page({
    title: 'Sign in',
    body: html` <h1>Sign in to Marquee</h1>
      ${
        view.integrationName
          ? html`<p class="lead">
              ${view.integrationName} is asking for access to your Marquee data. Sign in to continue.
            </p>`
          : ''
      }
      ${view.error ? html`<div role="alert" id="sign-in-error">${view.error}</div>` : ''}
      <form method="post" action="/sign-in" novalidate>
        <input type="hidden" name="_csrf" value="${view.csrfToken}" />
        <input type="hidden" name="return_to" value="${view.returnTo}" />
        <label for="email">E-mail</label>
        <input
          id="email"
          name="email"
          type="email"
          autocomplete="username"
          required
          autofocus
          value="${view.email ?? ''}"
          ${errorId ? html`aria-describedby="${errorId}" aria-invalid="true"` : ''}
        />
        <label for="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
          ${errorId ? html`aria-describedby="${errorId}" aria-invalid="true"` : ''}
        />
        <div class="actions"><button type="submit">Sign in</button></div>
      </form>
      <p><a href="/forgot-password">Forgot your password?</a></p>`,
  });
}
