import { html, type SafeHtml } from '../html.js';
import { page } from '../layout.js';

export interface SettingsFrame {
  email: string;
  csrfToken: string;
  /** Whether the user administers any organization (shows the Integrations link). */
  isAdmin: boolean;
  current: 'integrations' | 'connected-apps';
}

export function settingsPage(frame: SettingsFrame, title: string, body: SafeHtml): string {
  const link = (href: string, label: string, key: SettingsFrame['current']) =>
    html`<a href="${href}" ${frame.current === key ? html`aria-current="page"` : ''}>${label}</a>`;
  return page({
    title,
    signedInAs: frame.email,
    csrfToken: frame.csrfToken,
    wide: true,
    nav: html`<a href="/">Bookings</a>
      ${frame.isAdmin ? link('/settings/integrations', 'Integrations', 'integrations') : ''}
      ${link('/settings/connected-apps', 'Connected apps', 'connected-apps')}`,
    body,
  });
}
