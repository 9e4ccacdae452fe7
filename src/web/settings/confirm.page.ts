/**
 * Confirming a destructive action without JavaScript: its button leads here (a GET that changes
 * nothing), the page says what will happen, and only its own CSRF-protected form performs it.
 */
import { html, type SafeHtml } from '../html.js';
import { type SettingsFrame, settingsPage } from './settings-layout.js';

export interface Confirmation {
  title: string;
  /** What will happen, in plain words. */
  consequence: SafeHtml;
  /** Where the form POSTs. */
  action: string;
  button: string;
  cancelHref: string;
}

export function confirmPage(frame: SettingsFrame, confirmation: Confirmation): string {
  return settingsPage(
    frame,
    confirmation.title,
    html`<h1>${confirmation.title}</h1>
      <div role="alert">${confirmation.consequence}</div>
      <form method="post" action="${confirmation.action}">
        <input type="hidden" name="_csrf" value="${frame.csrfToken}" />
        <div class="actions">
          <button type="submit" class="danger">${confirmation.button}</button>
          <a class="button secondary" href="${confirmation.cancelHref}">Cancel</a>
        </div>
      </form>`,
  );
}
