/**
 * The frame of every workspace page: the venue's name (with a switcher when the user belongs to
 * several organizations, keeping the section), the sections, and the account bar.
 */
import { html, type SafeHtml } from '../html.js';
import { countText } from '../../locale.js';
import { accountBar, page } from '../layout.js';
import type { Action } from '../../policy/action.js';
import { SPACE_ACTIONS } from '../../crm/spaces/index.js';
import { updateOrganization } from '../../crm/organization/index.js';
import { mayTake, orgPath, type WorkspaceVisitor } from './workspace-visitor.js';

export type Section =
  | 'bookings'
  | 'inbox'
  | 'tasks'
  | 'approvals'
  | 'pipeline'
  | 'week'
  | 'find-a-space'
  | 'accounts'
  | 'contacts'
  | 'reports'
  | 'settings';

export interface WorkspacePageOptions {
  title: string;
  section: Section;
  body: SafeHtml;
}

/**
 * The sections, each with the action its page takes where it takes one (`takes`): a section shows
 * exactly when the policy lets the visitor take it, as its page would.
 */
const SECTIONS: ReadonlyArray<{ key: Section; label: string; path: string; takes?: Action }> = [
  { key: 'bookings', label: 'Bookings', path: '/bookings' },
  { key: 'inbox', label: 'Inbox', path: '/inbox' },
  { key: 'tasks', label: 'My tasks', path: '/tasks' },
  { key: 'approvals', label: 'Approvals', path: '/approvals' },
  { key: 'pipeline', label: 'Pipeline', path: '/pipeline' },
  { key: 'week', label: 'Week', path: '/week' },
  { key: 'find-a-space', label: 'Find a space', path: '/find-a-space' },
  { key: 'accounts', label: 'Accounts', path: '/accounts' },
  { key: 'contacts', label: 'Contacts', path: '/contacts' },
  { key: 'reports', label: 'Reports', path: '/reports/pipeline' },
  { key: 'settings', label: 'Settings', path: '/settings/spaces', takes: SPACE_ACTIONS.create },
];

function switcher(visitor: WorkspaceVisitor, section: Section): SafeHtml {
  const name = visitor.organization.organizationName;
  if (visitor.memberships.length < 2) return html`<span class="venue">${name}</span>`;
  const target = SECTIONS.find((s) => s.key === section) ?? SECTIONS[0];
  return html`<details class="venue-switch">
    <summary><span class="visually-hidden">Venue: </span>${name}</summary>
    <ul>
      ${visitor.memberships.map((m) => {
        const path =
          target?.takes && !mayTake(visitor, target.takes, m) ? '/bookings' : (target?.path ?? '/bookings');
        return m.organizationId === visitor.organization.organizationId
          ? html`<li><a href="${orgPath(m.organizationId, path)}" aria-current="true">${m.organizationName}</a></li>`
          : html`<li><a href="${orgPath(m.organizationId, path)}">${m.organizationName}</a></li>`;
      })}
    </ul>
  </details>`;
}

/** A section's link with a count beside it, the count in words to a screen reader ("2 overdue"). */
function counted(label: string, count: number, words: string): SafeHtml | string {
  if (count === 0) return label;
  return html`${label}<span class="visually-hidden">,</span> <span class="nav-count">${countText(count)}</span><span class="visually-hidden"> ${words}</span>`;
}

/**
 * The Inbox's link says how many messages wait there, My tasks' how many of the member's tasks are
 * overdue, Approvals' how many drafted mails await a member's word.
 */
function sectionLabel(visitor: WorkspaceVisitor, key: Section, label: string): SafeHtml | string {
  if (key === 'tasks') return counted(label, visitor.tasksOverdue, 'overdue');
  if (key === 'approvals') return counted(label, visitor.approvalsWaiting, 'awaiting approval');
  if (key === 'inbox') return counted(label, visitor.inboxWaiting, 'waiting');
  return label;
}

export function workspacePage(visitor: WorkspaceVisitor, options: WorkspacePageOptions): string {
  const links = SECTIONS.filter((s) => !s.takes || mayTake(visitor, s.takes)).map(
    (s) =>
      html`<li><a href="${orgPath(visitor, s.path)}" ${s.key === options.section ? html`aria-current="page"` : ''}>${sectionLabel(visitor, s.key, s.label)}</a></li>`,
  );
  const header = html`${switcher(visitor, options.section)}
    <nav aria-label="Sections" class="sections"><ul>${links}</ul></nav>
    ${accountBar(visitor.user.email, visitor.csrfToken)}`;
  return page({
    title: `${options.title} · ${visitor.organization.organizationName}`,
    body: options.body,
    wide: true,
    header,
  });
}

type SettingsTab =
  | 'venue'
  | 'spaces'
  | 'pipelines'
  | 'event-types'
  | 'catalogue'
  | 'tax-rates'
  | 'team'
  | 'calendar-feeds'
  | 'task-emails'
  | 'api-keys'
  | 'assistants'
  | 'email'
  | 'outgoing-mail'
  | 'import-export'
  | 'documents'
  | 'inquiry-form'
  | 'custom-fields'
  | 'automations'
  | 'integrations'
  | 'connected-apps';

/**
 * The settings pages' own tabs: the venue and its spaces here, the integration pages beside them.
 * Members see the pages they may open: the catalogue, the tax rates and the custom fields, read only, and their own
 * feeds, task e-mails and apps. There are more than a wide screen holds in a row, so they wrap
 * rather than scroll out of sight.
 */
export function settingsTabs(visitor: WorkspaceVisitor, current: SettingsTab = 'spaces'): SafeHtml {
  const here = (key: SettingsTab) => (key === current ? html`aria-current="page"` : '');
  const tab = (
    key:
      | 'venue'
      | 'spaces'
      | 'pipelines'
      | 'event-types'
      | 'catalogue'
      | 'tax-rates'
      | 'team'
      | 'documents'
      | 'inquiry-form'
      | 'custom-fields'
      | 'automations',
    label: string,
  ) => html`<li><a href="${orgPath(visitor, `/settings/${key}`)}" ${here(key)}>${label}</a></li>`;
  // The venue's own settings show to whom the policy lets change the venue (its admins today).
  const venueTabs = mayTake(visitor, updateOrganization.action)
    ? html`${tab('venue', 'Venue')}${tab('spaces', 'Spaces')}${tab('pipelines', 'Pipelines')}${tab('event-types', 'Event types')}${tab('catalogue', 'Catalogue')}${tab('tax-rates', 'Tax rates')}${tab('documents', 'Documents')}${tab('inquiry-form', 'Inquiry form')}${tab('custom-fields', 'Custom fields')}${tab('automations', 'Automations')}${tab('team', 'Team')}
    <li><a href="/settings/integrations?org=${visitor.organization.organizationId}" ${here('integrations')}>Integrations</a></li>
    <li><a href="${orgPath(visitor, '/settings/developers/api-keys')}" ${here('api-keys')}>Developers: API keys</a></li>
    <li><a href="${orgPath(visitor, '/settings/developers/assistants')}" ${here('assistants')}>Developers: Assistants</a></li>
    <li><a href="${orgPath(visitor, '/settings/email')}" ${here('email')}>E-mail</a></li>
    <li><a href="${orgPath(visitor, '/settings/outgoing-mail')}" ${here('outgoing-mail')}>Outgoing mail</a></li>
    <li><a href="${orgPath(visitor, '/settings/import-export')}" ${here('import-export')}>Import and export</a></li>`
    : html`${tab('catalogue', 'Catalogue')}${tab('tax-rates', 'Tax rates')}${tab('custom-fields', 'Custom fields')}`;
  return html`<nav aria-label="Settings" class="tabs wrapping"><ul>
    ${venueTabs}<li><a href="${orgPath(visitor, '/settings/calendar-feeds')}" ${here('calendar-feeds')}>Calendar feeds</a></li>
    <li><a href="${orgPath(visitor, '/settings/task-emails')}" ${here('task-emails')}>Task e-mails</a></li>
    <li><a href="/settings/connected-apps" ${here('connected-apps')}>Connected apps</a></li>
  </ul></nav>`;
}
