/**
 * The frame of the integration and connected-apps pages: the workspace's own (its sections and the
 * settings tabs) for the venue the page is about, so the staff never land in another header; the
 * plain one only for a user without any venue.
 */
import { html, type SafeHtml } from '../html.js';
import { page } from '../layout.js';
import { settingsTabs, workspacePage } from '../workspace/workspace-layout.js';
import type { WorkspaceVisitor } from '../workspace/workspace-visitor.js';

export interface SettingsFrame {
  email: string;
  csrfToken: string;
  /** Whether the policy lets the user manage any organization's integrations (shows the Integrations link). */
  managesIntegrations: boolean;
  current: 'integrations' | 'connected-apps';
  /** The venue the page is shown in, as the workspace's pages are. */
  workspace?: WorkspaceVisitor | undefined;
  /** That venue's time zone, which the page's days and times are written in (its locale too). */
  zone: string;
}

export function settingsPage(frame: SettingsFrame, title: string, body: SafeHtml): string {
  if (frame.workspace) {
    const tabs = settingsTabs(frame.workspace, frame.current);
    return workspacePage(frame.workspace, { title, section: 'settings', body: html`${tabs}${body}` });
  }
  const link = (href: string, label: string, key: SettingsFrame['current']) =>
    html`<a href="${href}" ${frame.current === key ? html`aria-current="page"` : ''}>${label}</a>`;
  return page({
    title,
    signedInAs: frame.email,
    csrfToken: frame.csrfToken,
    wide: true,
    nav: html`<a href="/">Bookings</a>
      ${frame.managesIntegrations ? link('/settings/integrations', 'Integrations', 'integrations') : ''}
      ${link('/settings/connected-apps', 'Connected apps', 'connected-apps')}`,
    body,
  });
}
