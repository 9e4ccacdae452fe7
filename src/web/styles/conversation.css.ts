/**
 * A booking's Conversation: the client's messages edged on the left, the venue's on the right
 * (and tinted), text kept as written (its line breaks) and wrapped anywhere rather than widen a
 * phone; quoted history behind a "Show quoted text" line; Write to client's card and its preview.
 */
export const CONVERSATION_STYLES = `
.conversation { margin-top: 2rem; }
ol.message-list, ul.message-list { list-style: none; padding: 0; margin: 1rem 0; }
li.message, li.draft { border: 1px solid var(--line); border-radius: var(--radius); padding: .6rem 1rem .75rem; margin: 0 0 .85rem; min-width: 0; }
li.message-in { border-left: 4px solid var(--accent); }
li.message-out { border-right: 4px solid var(--definite-line); background: var(--surface); }
li.draft { border-style: dashed; }
.message-status { margin: 0 0 .25rem; font-size: .9rem; display: flex; flex-wrap: wrap; gap: .35rem; align-items: center; }
h3.message-subject { font-size: 1.05rem; margin: .1rem 0 .35rem; overflow-wrap: anywhere; }
dl.message-facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0 .75rem; margin: 0 0 .6rem; font-size: .9rem; }
dl.message-facts > div { display: contents; }
dl.message-facts dt { color: var(--muted); }
dl.message-facts dd { margin: 0; overflow-wrap: anywhere; min-width: 0; }
.message-text { white-space: pre-wrap; overflow-wrap: anywhere; }
details.quoted { margin: .5rem 0 0; }
details.quoted summary { cursor: pointer; color: var(--muted); font-size: .9rem; padding: .25rem 0; }
details.quoted .message-text { color: var(--muted); border-left: 2px solid var(--line); padding-left: .75rem; }
ul.attachments { list-style: none; padding: 0; margin: .6rem 0 0; display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
ul.attachments li { overflow-wrap: anywhere; }
.badge.unread { background: var(--accent); color: #fff; border-color: var(--accent); }
h2 .badge.unread { vertical-align: middle; margin-left: .35rem; }
.state-received { background: var(--lead-bg); color: var(--lead-fg); border-color: var(--lead-line); }
.state-failed { background: var(--danger); color: #fff; border-color: var(--danger); }
.state-words { color: var(--danger); }
.write-to-client { max-width: 44rem; }
.write-to-client h3 { font-size: 1.1rem; }
form.template-pick { display: flex; flex-wrap: wrap; gap: 0 .75rem; align-items: flex-end; border-bottom: 1px solid var(--line); padding-bottom: 1rem; }
form.template-pick .field { flex: 1 1 16rem; min-width: 0; }
form.template-pick button { margin-bottom: .1rem; }
.message-preview { border: 2px solid var(--accent); border-radius: var(--radius); padding: .5rem 1rem 1rem; margin: 1rem 0; }
.message-preview h4 { margin: .25rem 0 .5rem; font-size: 1rem; }
/* On a phone the preview's labels sit above their values, so an address keeps the whole width. */
@media (max-width: 36rem) { .message-preview dl.message-facts { grid-template-columns: minmax(0, 1fr); } .message-preview dl.message-facts dd { margin-bottom: .3rem; } }
`;
