/**
 * The Inbox (SPEC §17): the mail from clients that Marquee could not file on a booking by itself,
 * newest first, each with what a member does with it, and beside it the dismissed messages, each
 * with a way back. Nothing waiting is said in words, with where the mail comes from.
 */
import { countText } from '../../../locale.js';
import { html, type SafeHtml } from '../../html.js';
import { noticeOf } from '../forms/list-parts.js';
import { workspacePage } from '../workspace-layout.js';
import { updateOrganization } from '../../../crm/organization/index.js';
import { mayTake, orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { type MessageCard, messageCard } from './inbox-message.view.js';

export interface InboxView {
  dismissed: boolean;
  zone: string;
  cards: MessageCard[];
  /** The cursor this page was asked for (absent: the newest page). */
  before: string | undefined;
  /** Whether a page of older messages follows this one. */
  older: boolean;
  notice?: string | undefined;
}

const NOTICES = {
  filed: 'Message filed on its booking.',
  dismissed: 'Message dismissed. It is kept under Dismissed, where you can restore it.',
  restored: 'Message restored to the Inbox.',
  stale:
    'Someone else filed, dismissed or restored that message while you were looking, so nothing was changed. The list below is as it is now.',
  gone: 'That message is no longer here: it may have been filed on a booking or deleted.',
};

function tabs(v: WorkspaceVisitor, dismissed: boolean): SafeHtml {
  const here = (on: boolean) => (on ? html`aria-current="page"` : '');
  const waiting = v.inboxWaiting > 0 ? ` (${countText(v.inboxWaiting)})` : '';
  return html`<nav aria-label="Inbox views" class="tabs"><ul>
    <li><a href="${orgPath(v, '/inbox')}" ${here(!dismissed)}>Waiting${waiting}</a></li>
    <li><a href="${orgPath(v, '/inbox/dismissed')}" ${here(dismissed)}>Dismissed</a></li>
  </ul></nav>`;
}

function emptyState(v: WorkspaceVisitor, dismissed: boolean): SafeHtml {
  if (dismissed)
    return html`<div class="empty"><h2>Nothing dismissed</h2>
      <p>Messages you dismiss from the Inbox are kept here, so one dismissed by mistake can be restored.</p></div>`;
  const settings = mayTake(v, updateOrganization.action)
    ? html`<a href="${orgPath(v, '/settings/email')}">Settings → E-mail</a>`
    : 'Settings → E-mail';
  return html`<div class="empty"><h2>All caught up</h2>
    <p>No message is waiting. Replies to your mail and mail from your clients’ addresses are filed on
      their bookings by themselves; mail Marquee cannot place waits here for you to file, to make a lead of,
      or to dismiss.</p>
    <p class="muted">Marquee reads the venue’s mailbox connected under ${settings}.</p></div>`;
}

/** The list's own address: the Inbox or its Dismissed view. */
export const inboxPath = (v: WorkspaceVisitor, dismissed: boolean) =>
  orgPath(v, dismissed ? '/inbox/dismissed' : '/inbox');

/**
 * Links between pages, as the bookings list's and the Conversation's (links, so no script is
 * needed): older messages after the last one shown, and back to the newest from an older page.
 */
function pager(v: WorkspaceVisitor, view: InboxView): SafeHtml | '' {
  const base = inboxPath(v, view.dismissed);
  const last = view.cards.at(-1)?.message.id;
  const older =
    view.older && last
      ? html`<a class="button secondary" href="${base}?before=${encodeURIComponent(last)}" rel="next">Older messages</a>`
      : '';
  const newest = view.before ? html`<a class="button secondary" href="${base}">Newest</a>` : '';
  if (!older && !newest) return '';
  return html`<nav aria-label="Pages" class="paging">${newest} ${older}</nav>`;
}

export function inboxPage(v: WorkspaceVisitor, view: InboxView): string {
  const title = view.dismissed ? 'Dismissed messages' : 'Inbox';
  const intro = view.dismissed
    ? html`<p class="lead">Messages dismissed from the Inbox, newest first.</p>`
    : html`<p class="lead">Mail from clients that is on no booking yet, newest first.</p>`;
  const body = html`<div class="page-head"><h1>${title}</h1></div>
    ${noticeOf(NOTICES, view.notice)}${tabs(v, view.dismissed)}${intro}
    ${
      view.cards.length === 0
        ? view.before
          ? html`<div class="empty"><p>No older messages.</p></div>`
          : emptyState(v, view.dismissed)
        : html`<div class="inbox-list">${view.cards.map((card) => messageCard(v, card, view.zone))}</div>`
    }${pager(v, view)}`;
  return workspacePage(v, { title, section: 'inbox', body });
}
