/**
 * Settings → Task e-mails: each member chooses the e-mails about their own tasks (SPEC §18): each
 * one, one digest a day at 08:00 in the venue's zone, or none.
 */
import type { TaskEmails } from '../../../crm/tasks/index.js';
import { html } from '../../html.js';
import { csrfField, errorSummary, type FieldErrors, selectField } from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface TaskEmailsView {
  value: string;
  zone: string;
  errors: FieldErrors;
  notice?: string | undefined;
}

const CHOICES: ReadonlyArray<{ value: TaskEmails; label: string }> = [
  { value: 'each', label: 'Each e-mail: when someone gives me a task, and at its due time' },
  { value: 'digest', label: 'One digest a day at 08:00, of my tasks overdue or due that day' },
  { value: 'off', label: 'None' },
];

export function taskEmailsPage(v: WorkspaceVisitor, view: TaskEmailsView): string {
  const body = html`${settingsTabs(v, 'task-emails')}<h1>Task e-mails</h1>
    ${noticeOf({ saved: 'Saved.' }, view.notice)}
    <p>Which e-mails you get about the tasks given to you at ${v.organization.organizationName}. The digest goes out at 08:00 in the venue’s time zone (${view.zone}), only on days you have a task overdue or due.</p>
    ${errorSummary(view.errors, { task_emails: 'E-mails about my tasks' })}
    <form method="post" action="${orgPath(v, '/settings/task-emails')}" novalidate class="record-form">
      ${csrfField(v.csrfToken)}
      ${selectField({ name: 'task_emails', label: 'E-mails about my tasks', value: view.value, errors: view.errors, required: true, choices: CHOICES })}
      <div class="actions"><button type="submit">Save</button></div>
    </form>`;
  return workspacePage(v, { title: 'Task e-mails', section: 'settings', body });
}
