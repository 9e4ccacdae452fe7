import { html } from './html.js';
import { page } from './layout.js';

export function errorPage(title: string, message: string): string {
  return page({
    title,
    body: html`<h1>${title}</h1>
      <div role="alert">${message}</div>
      <p>If an app sent you here, tell its developers; nothing has been shared with it.</p>
      <p><a href="/">Go to Marquee</a></p>`,
  });
}
