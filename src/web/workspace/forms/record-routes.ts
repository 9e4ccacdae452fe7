/**
 * The pages of a kind of record that the staff keep by hand (accounts, contacts), the same way
 * for each: a searchable list, one record with its notes, new and edit forms whose posts are
 * judged by the kind's rules (form-errors.ts) and written by its commands, deleting, and adding
 * a note. A kind gives its commands, its form's fields and its pages.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { RowOf } from '../../../api/resource-definition.js';
import { PAGE_SIZE } from '../../../crm/bookings/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { notesAbout } from '../../../crm/notes/index.js';
import { countRecords } from '../../../crm/records.js';
import { type Form, FormBody, formText, sendPage } from '../../forms.js';
import { submit } from './form-errors.js';
import { customFormOf, customPosted, typedOf } from './custom-fields.form.js';
import type { FieldErrors } from './form-fields.js';
import { addNote } from '../notes/note-writes.js';
import type { FormValues, FormView, Kind, RecordPages, WithCustom } from './record-pages.js';
import { CustomListParams, customListOf } from './custom-list.js';
import { changeOf, deleteRoute, RecordParams as Params } from './record-posts.js';
import { recordOf, versionOf } from '../workspace-reads.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

export type { FormValues, FormView, ListView, RecordPages } from './record-pages.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const Text = Type.Optional(Type.String({ maxLength: 500 }));

export function recordRoutes<Table extends Kind, Input extends WithCustom, Value extends { id: string }>(
  pages: RecordPages<Table, Input, Value>,
): FastifyPluginAsyncTypebox {
  return async (app) => {
    const { db } = app.ctx;
    const { kind, definition, commands } = pages;
    const readForm = (form: Form): FormValues =>
      Object.fromEntries(pages.fields.map((f) => [f, formText(form, f)]));
    const form = (reply: FastifyReply, v: WorkspaceVisitor, view: FormView, status = 200) =>
      pages.formPage(db, v, view).then((page) => sendPage(reply, page, status));
    const customOf = (v: WorkspaceVisitor) => customFormOf(db, v.organization.organizationId, kind);
    const columnOf = (row: RowOf<Table>) => (row as unknown as { custom_fields: string }).custom_fields;
    /** The post's values and the command's input, custom fields too, and what could not be read. */
    async function posted(v: WorkspaceVisitor, body: Form, row?: RowOf<Table>) {
      const values = readForm(body);
      const org = v.organization.organizationId;
      const { custom, given, errors } = await customPosted(db, org, kind, body, row && columnOf(row));
      return { values, custom, unread: errors, input: { ...pages.input(values), custom_fields: given } };
    }

    async function detail(
      reply: FastifyReply,
      v: WorkspaceVisitor,
      row: RowOf<Table>,
      extra: { notice?: string | undefined; noteErrors?: FieldErrors; draft?: string },
      status = 200,
    ) {
      const org = v.organization.organizationId;
      const [notes, zone, custom] = await Promise.all([
        notesAbout(db, org, kind, row.id),
        organizationZone(db, org),
        customOf(v),
      ]);
      const section = {
        notes,
        zone,
        action: orgPath(v, `/${kind}/${row.id}/notes`),
        errors: extra.noteErrors ?? {},
        draft: extra.draft ?? '',
      };
      return sendPage(
        reply,
        await pages.detailPage(db, v, pages.decode(row), { notice: extra.notice, notes: section, custom }),
        status,
      );
    }

    const record = (request: { params: { org: string; id: string } }) =>
      recordOf(db, definition, request.params.org, request.params.id);
    const nameOf = (row: RowOf<Table>) => pages.nameOf(pages.decode(row));
    const valuesOf = (row: RowOf<Table>) => pages.valuesOf(pages.decode(row));

    app.get(
      `/orgs/:org/${kind}`,
      {
        schema: {
          params: OrgParams,
          querystring: Type.Object({ q: Text, after: Text, before: Text, notice: Text, ...CustomListParams }),
        },
      },
      async (request, reply) => {
        const v = visitorOf(request);
        const { org } = request.params;
        const q = (request.query.q ?? '').trim().slice(0, 200);
        const customForm = await customOf(v);
        const custom = customListOf(request.query, customForm.fields);
        const [page, total] = await Promise.all([
          pages.page(db, app.cursors, org, { ...request.query, q, size: PAGE_SIZE, custom: custom.filters }),
          countRecords(db, kind, org),
        ]);
        const view = { q, ...page, total, notice: request.query.notice, custom, customForm };
        return sendPage(reply, await pages.listPage(db, v, view), custom.error ? 400 : 200);
      },
    );

    app.get(
      `/orgs/:org/${kind}/new`,
      { schema: { params: OrgParams, querystring: Type.Object({ account: Text }) } },
      async (request, reply) => {
        const v = visitorOf(request);
        const fields = await customOf(v);
        const custom = { ...fields, typed: typedOf(fields, undefined) };
        return form(reply, v, { values: pages.blank(v, request.query), errors: {}, custom });
      },
    );

    app.post(
      `/orgs/:org/${kind}`,
      { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
      async (request, reply) => {
        const v = visitorOf(request);
        const { values, custom, unread, input } = await posted(v, request.body);
        const outcome = await submit(request, commands.create, input, unread, () =>
          pages.problems(db, v.actor, input),
        );
        if (outcome.errors) return form(reply, v, { values, errors: outcome.errors, custom }, 422);
        return reply.redirect(orgPath(v, `/${kind}/${outcome.written.id}?notice=created`), 303);
      },
    );

    app.get(
      `/orgs/:org/${kind}/:id`,
      { schema: { params: Params, querystring: Type.Object({ notice: Text }) } },
      async (request, reply) =>
        detail(reply, visitorOf(request), await record(request), { notice: request.query.notice }),
    );

    app.get(`/orgs/:org/${kind}/:id/edit`, { schema: { params: Params } }, async (request, reply) => {
      const [row, fields] = await Promise.all([record(request), customOf(visitorOf(request))]);
      const editing = { id: row.id, name: nameOf(row), version: await versionOf(db, definition, row) };
      const custom = { ...fields, typed: typedOf(fields, columnOf(row)) };
      const values = valuesOf(row);
      return form(reply, visitorOf(request), { record: editing, values, errors: {}, custom });
    });

    app.post(
      `/orgs/:org/${kind}/:id`,
      { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
      async (request, reply) => {
        const v = visitorOf(request);
        const row = await record(request);
        const version = formText(request.body, 'version');
        const { values, custom, unread, input } = await posted(v, request.body, row);
        const change = changeOf(request.body, row.id, input);
        const outcome = await submit(request, commands.update, change, unread, () =>
          pages.problems(db, v.actor, input, pages.decode(row)),
        );
        if (outcome.stale) {
          // Saved over since the form was drawn: the form again, on the version now saved.
          const now = await record(request);
          const editing = {
            id: row.id,
            name: nameOf(now),
            version: await versionOf(db, definition, now),
          };
          const saved = valuesOf(now);
          return form(reply, v, { record: editing, values, errors: {}, saved, custom }, 412);
        }
        if (outcome.errors) {
          const editing = { id: row.id, name: nameOf(row), version };
          return form(reply, v, { record: editing, values, errors: outcome.errors, custom }, 422);
        }
        return reply.redirect(orgPath(v, `/${kind}/${row.id}?notice=saved`), 303);
      },
    );

    await app.register(
      deleteRoute({
        path: `/${kind}`,
        definition,
        command: commands.remove,
        done: `/${kind}?notice=deleted`,
        nameOf,
        consequence: pages.deletion,
        section: kind,
      }),
    );

    app.post(
      `/orgs/:org/${kind}/:id/notes`,
      { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
      async (request, reply) => {
        const v = visitorOf(request);
        const row = await record(request);
        const body = formText(request.body, 'body');
        const noteErrors = await addNote(request, kind, row.id, body);
        if (noteErrors) return detail(reply, v, row, { noteErrors, draft: body }, 422);
        return reply.redirect(orgPath(v, `/${kind}/${row.id}?notice=noted#notes-title`), 303);
      },
    );
  };
}
