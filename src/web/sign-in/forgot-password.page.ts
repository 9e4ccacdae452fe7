import { html } from '../html.js';
import { page } from '../layout.js';

export function forgotPasswordPage(csrfToken: string): string {
  return page({
    title: 'Forgot your password?',
    body: html`<h1>Forgot your password?</h1>
      <p class="lead">Give the e-mail address you sign in with. We send a link to choose a new password.</p>
      <form method="post" action="/forgot-password" novalidate>
        <input type="hidden" name="_csrf" value="${csrfToken}" />
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" autocomplete="username" required autofocus />
        <div class="actions"><button type="submit">Send the link</button></div>
      </form>
      <p><a href="/sign-in">Back to sign-in</a></p>`,
  });
}

/** The one answer, whether or not the address has an account, and whether or not mail was sent. */
export function resetLinkSentPage(): string {
  return page({
    title: 'Check your e-mail',
    body: html`<h1>Check your e-mail</h1>
      <p class="lead">
        If an account uses that e-mail address, a link to choose a new password is on its way to it. The link
        works once, for one hour.
      </p>
      <p>
        No message after a few minutes? Look in your spam folder, check the address, or ask an administrator of your
        venue. Asking again many times sends nothing more for a while.
      </p>
      <p><a href="/sign-in">Back to sign-in</a></p>`,
  });
}
