/**
 * The Inbox and unread mail (SPEC §17): the count beside the Inbox's link, each waiting message
 * as a card whose actions sit in a row on a wide screen and stack on a phone, the unread badge of
 * a booking and Home's list of replies waiting.
 */
export const INBOX_STYLES = `
.nav-count { display: inline-block; min-width: 1.4rem; margin-left: .3rem; padding: 0 .4rem; border-radius: 999px;
  background: var(--accent); color: #fff; font-size: .75rem; font-weight: 700; line-height: 1.4rem; text-align: center; }
.inbox-list { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; margin: 1rem 0; }
.inbox-message { min-width: 0; border: 1px solid var(--line); border-radius: var(--radius); padding: 1rem 1.25rem; overflow-wrap: anywhere; }
.inbox-message h2 { margin: 0 0 .25rem; font-size: 1.1rem; }
.inbox-from { margin: 0 0 .5rem; }
.inbox-excerpt { white-space: pre-line; margin: .5rem 0; padding: .5rem .75rem; border-left: 3px solid var(--line); background: var(--surface); }
.inbox-attachments { display: flex; flex-wrap: wrap; gap: .25rem .5rem; align-items: baseline; font-size: .9rem; }
.inbox-attachments ul { display: flex; flex-wrap: wrap; gap: .25rem .5rem; list-style: none; margin: 0; padding: 0; }
.inbox-attachments li { padding: 0 .5rem; border: 1px solid var(--line); border-radius: .4rem; }
.inbox-actions { display: flex; flex-wrap: wrap; gap: .75rem 1.5rem; align-items: flex-end; margin-top: .75rem; padding-top: .75rem;
  border-top: 1px solid color-mix(in srgb, var(--line) 60%, transparent); }
.inbox-actions form { margin: 0; min-width: 0; }
.inbox-form { flex: 1 1 16rem; }
.inbox-form label { margin-top: 0; font-size: .9rem; }
.inbox-row { display: flex; gap: .5rem; align-items: stretch; }
.inbox-row select, .inbox-row input { flex: 1 1 auto; min-width: 0; width: auto; }
.inbox-row button { flex: none; }
.inbox-dismiss { flex: none; }
.inbox-none { margin: 0; flex: 1 1 16rem; align-self: center; }
.unread { background: color-mix(in srgb, var(--accent) 12%, Canvas); color: var(--accent); border-color: var(--accent); margin-left: .35rem; }
.replies-waiting { border: 1px solid var(--accent); border-radius: var(--radius); padding: .5rem 1.25rem .75rem; margin: 1rem 0; }
.replies-waiting h2 { margin: .5rem 0; font-size: 1.05rem; }
.replies-waiting ul { list-style: none; margin: 0; padding: 0; }
.replies-waiting li { display: flex; flex-wrap: wrap; gap: .25rem .75rem; align-items: baseline; padding: .35rem 0;
  border-bottom: 1px solid color-mix(in srgb, var(--line) 60%, transparent); }
.replies-waiting li:last-child { border-bottom: 0; }
@media (max-width: 36rem) {
  .inbox-message { padding: .75rem 1rem; }
  .inbox-actions { flex-direction: column; flex-wrap: nowrap; align-items: stretch; }
  .inbox-form, .inbox-none { flex: none; }
  .inbox-dismiss button { width: 100%; }
}
`;
