/** Changing and deleting a note: only its author or an admin of the organization (SPEC §5). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { deleteNote, findNote, type Note, noteChangeProblems, updateNote } from '../../../crm/notes/index.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { html, type SafeHtml } from '../../html.js';
import { staleNotice } from '../forms/stale.view.js';
import { HtmlError } from '../../html-error.js';
import { write } from '../../../writes/unit-of-work.js';
import { submit } from '../forms/form-errors.js';
import { csrfField, errorSummary, type FieldErrors, textareaField } from '../forms/form-fields.js';
import { forBeoField, mayChangeNote } from './notes.view.js';
import { noteLengthProblem } from './note-writes.js';
import { changeOf, formVersion, RecordParams as Params } from '../forms/record-posts.js';
import { workspacePage } from '../workspace-layout.js';
import { notFound, orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

const SECTIONS = {
  bookings: 'bookings',
  events: 'bookings',
  accounts: 'accounts',
  contacts: 'contacts',
} as const;

function notablePath(v: WorkspaceVisitor, note: Note): string {
  return orgPath(v, `/${note.notableType}/${note.notableId}`);
}

function notYours(): HtmlError {
  return new HtmlError(
    403,
    'Not your note',
    'Only the author of a note or an administrator may change or delete it.',
  );
}

/** Notes about a booking or an event may print on its BEOs (SPEC §13). */
const mayPrintOnBeo = (note: Note) => note.notableType === 'bookings' || note.notableType === 'events';

function editPage(
  v: WorkspaceVisitor,
  note: Note,
  body: string,
  forBeo: boolean,
  version: string,
  errors: FieldErrors,
  stale?: SafeHtml,
): string {
  const back = notablePath(v, note);
  return workspacePage(v, {
    title: 'Edit note',
    section: SECTIONS[note.notableType],
    body: html`<p class="crumbs"><a href="${back}">Back</a></p><h1>Edit note</h1>
      ${stale ?? ''}${errorSummary(errors, { body: 'Note' })}
      <form method="post" action="${orgPath(v, `/notes/${note.id}`)}" novalidate class="record-form">
        ${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${version}" />
        ${textareaField({ name: 'body', label: 'Note', value: body, errors, required: true, rows: 8 })}
        ${mayPrintOnBeo(note) ? forBeoField(forBeo) : ''}
        <div class="actions"><button type="submit">Save note</button><a class="button secondary" href="${back}">Cancel</a></div>
      </form>
      <section class="danger-zone" aria-labelledby="delete-title"><h2 id="delete-title">Delete this note</h2>
        <form method="post" action="${orgPath(v, `/notes/${note.id}/delete`)}">${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${version}" />
          <button type="submit" class="danger">Delete note</button></form></section>`,
  });
}

export const noteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  /** The note with the version its form carries, or the 404 page; refused to all but who may change it. */
  async function editable(v: WorkspaceVisitor, id: string) {
    const found = await findNote(app.ctx, v.organization.organizationId, id);
    if (!found) throw notFound();
    if (!mayChangeNote(v, { authorId: found.value.authorId })) throw notYours();
    return found;
  }

  const show = (
    reply: FastifyReply,
    v: WorkspaceVisitor,
    note: Note,
    body: string,
    version: string,
    errors: FieldErrors,
    status = 200,
    stale?: SafeHtml,
    forBeo = note.forBeo,
  ) => sendPage(reply, editPage(v, note, body, forBeo, version, errors, stale), status);

  app.get('/orgs/:org/notes/:id/edit', { schema: { params: Params } }, async (request, reply) => {
    const v = visitorOf(request);
    const { value: note, version } = await editable(v, request.params.id);
    return show(reply, v, note, note.body, version, {});
  });

  app.post(
    '/orgs/:org/notes/:id',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { value: note } = await editable(v, request.params.id);
      const body = formText(request.body, 'body');
      const version = formText(request.body, 'version');
      const input = {
        body,
        ...(mayPrintOnBeo(note) ? { for_beo: formText(request.body, 'for_beo') === 'yes' } : {}),
      };
      const change = changeOf(request.body, note.id, input);
      const outcome = await submit(request, updateNote, change, noteLengthProblem(body), () =>
        noteChangeProblems(db, v.actor, input, note),
      );
      if (outcome.stale) {
        const { value: now, version: nowVersion } = await editable(v, request.params.id);
        const notice = staleNotice({ body: now.body }, { body }, { body: 'Note' });
        return show(reply, v, now, body, nowVersion, {}, 412, notice);
      }
      if (outcome.errors)
        return show(reply, v, note, body, version, outcome.errors, 422, undefined, input.for_beo ?? false);
      return reply.redirect(`${notablePath(v, note)}?notice=note-saved#notes-title`, 303);
    },
  );

  app.post(
    '/orgs/:org/notes/:id/delete',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { value: note } = await editable(v, request.params.id);
      const removal = { id: note.id, ifMatch: formVersion(request.body) };
      await write(request.ctx.app.writer, v.actor, deleteNote, removal);
      return reply.redirect(`${notablePath(v, note)}?notice=note-deleted#notes-title`, 303);
    },
  );
};
