/**
 * The pages' one stylesheet, served from /assets so the Content-Security-Policy can forbid inline
 * styles and scripts. Readable on a phone: fluid width, large tap targets, system fonts.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { WORKSPACE_STYLES } from './styles/workspace.css.js';
import { DOCUMENT_PAGE_STYLES, DOCUMENT_STYLES } from './styles/document.css.js';
import { PORTAL_STYLES } from './styles/portal.css.js';
import { INBOX_STYLES } from './styles/inbox.css.js';
import { CONVERSATION_STYLES } from './styles/conversation.css.js';
import { CUSTOM_FIELD_STYLES } from './workspace/settings/custom-fields.styles.js';
import { AUTOMATION_EDITOR_STYLES } from './workspace/automations/automation-editor.styles.js';

export const STYLESHEET = `
:root { color-scheme: light dark; --accent: #5b3cc4; --danger: #b42318; --muted: #667085; --line: #d0d5dd; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: Canvas; color: CanvasText; }
header.bar { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: .5rem 1rem; padding: .75rem 1.25rem; border-bottom: 1px solid var(--line); }
header.bar .brand { font-weight: 700; letter-spacing: .02em; text-decoration: none; color: inherit; }
header.bar nav { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
main { max-width: 40rem; margin: 2rem auto; padding: 0 1.25rem; }
main.wide { max-width: 60rem; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
p.lead { color: var(--muted); margin-top: 0; }
label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
input[type=email], input[type=password], input[type=text], input[type=url], select, textarea {
  width: 100%; padding: .65rem .75rem; font: inherit; border: 1px solid var(--line); border-radius: .5rem; background: Field; color: FieldText; }
input:focus-visible, button:focus-visible, a:focus-visible, select:focus-visible, textarea:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
fieldset { border: 1px solid var(--line); border-radius: .5rem; padding: .5rem 1rem 1rem; margin: 1rem 0; }
legend { font-weight: 600; padding: 0 .25rem; }
.check { display: flex; gap: .6rem; align-items: flex-start; font-weight: 400; margin: .6rem 0 0; }
.check input { width: 1.2rem; height: 1.2rem; margin-top: .2rem; }
.actions { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1.5rem; }
button, .button { display: inline-block; min-height: 2.75rem; padding: .6rem 1.2rem; font: inherit; font-weight: 600; border-radius: .5rem;
  border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; }
button.secondary, .button.secondary { background: transparent; color: inherit; border-color: var(--line); }
button.danger, .button.danger { background: var(--danger); border-color: var(--danger); color: #fff; }
button.link { background: none; border: none; color: inherit; text-decoration: underline; padding: 0; min-height: auto; font-weight: 400; }
.error, [role=alert] { border-left: 4px solid var(--danger); padding: .5rem .75rem; background: color-mix(in srgb, var(--danger) 10%, Canvas); margin: 1rem 0; }
.notice { border-left: 4px solid var(--accent); padding: .5rem .75rem; background: color-mix(in srgb, var(--accent) 10%, Canvas); margin: 1rem 0; }
.field-error { color: var(--danger); font-size: .9rem; margin: .25rem 0 0; }
ul.scopes { padding-left: 1.2rem; }
code, .secret { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; }
.secret { display: block; padding: .6rem .75rem; border: 1px dashed var(--accent); border-radius: .5rem; margin: .25rem 0 1rem; }
table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
.muted { color: var(--muted); }
@media (max-width: 36rem) { table, thead, tbody, tr, th, td { display: block; } thead { display: none; } td { border: none; padding: .25rem 0; overflow-wrap: anywhere; } tr { border-bottom: 1px solid var(--line); padding: .5rem 0; } }
${WORKSPACE_STYLES}${INBOX_STYLES}${CONVERSATION_STYLES}${DOCUMENT_STYLES}${DOCUMENT_PAGE_STYLES}${PORTAL_STYLES}${CUSTOM_FIELD_STYLES}${AUTOMATION_EDITOR_STYLES}`;

export const STYLESHEET_PATH = `/assets/marquee-${createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 10)}.css`;

/** Marquee's icon: an M on the accent colour. Browsers ask for /favicon.ico on every page. */
export const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#5b3cc4"/><path d="M8 23V9h3l5 7 5-7h3v14h-3.2v-8.6L16 20l-4.8-5.6V23z" fill="#fff"/></svg>`;

export const assetRoutes: FastifyPluginAsync = async (app) => {
  app.get(STYLESHEET_PATH, {}, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    return reply.type('text/css; charset=utf-8').send(STYLESHEET);
  });
  for (const path of ['/favicon.ico', '/favicon.svg']) {
    app.get(path, {}, async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=86400');
      return reply.type('image/svg+xml').send(ICON);
    });
  }
};
