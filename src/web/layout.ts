import { STYLESHEET_PATH } from './assets.js';
import { html, type SafeHtml } from './html.js';

export interface PageOptions {
  title: string;
  body: SafeHtml;
  /** The signed-in user's e-mail, to show the account bar and sign-out button. */
  signedInAs?: string;
  /** CSRF token for the sign-out form in the account bar. */
  csrfToken?: string;
  nav?: SafeHtml;
  wide?: boolean;
  /** What the header holds after the brand, in place of the account bar (the workspace's own navigation). */
  header?: SafeHtml;
}

/** The signed-in user's e-mail (leading to their password page) and the sign-out button. */
export function accountBar(signedInAs: string, csrfToken: string, nav?: SafeHtml): SafeHtml {
  return html`<nav aria-label="Account" class="account">
    ${nav}
    <a class="muted signed-in-as" href="/account/password" title="${signedInAs}: change your password">${signedInAs}</a>
    <form method="post" action="/sign-out">
      <input type="hidden" name="_csrf" value="${csrfToken}" />
      <button type="submit" class="link">Sign out</button>
    </form>
  </nav>`;
}

export function page({ title, body, signedInAs, csrfToken, nav, wide, header }: PageOptions): string {
  const account = header ?? (signedInAs ? accountBar(signedInAs, csrfToken ?? '', nav) : '');
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>${title} · Marquee</title>
        <link rel="stylesheet" href="${STYLESHEET_PATH}" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="bar"><a class="brand" href="/">Marquee</a>${account}</header>
        <main id="main" class="${wide ? 'wide' : ''}">${body}</main>
      </body>
    </html>`.value;
}
