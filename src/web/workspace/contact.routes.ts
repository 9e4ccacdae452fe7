/** Contacts: list and search, one contact, create, edit, delete (its bookings keep going without it), notes. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { accountDefinition } from '../../crm/accounts/account.resource.js';
import { contactDefinition } from '../../crm/contacts/contact.resource.js';
import {
  type ContactInput,
  createContact,
  deleteContact,
  updateContact,
} from '../../crm/contacts/contact.service.js';
import type { ContactTable } from '../../crm/contacts/contact.table.js';
import { findRow } from '../../api/resource-store.js';
import { type Form, FormBody, formText, sendPage } from '../forms.js';
import { bookingsWhere, countRows, PAGE_SIZE } from './booking-reads.js';
import { contactFormPage, type ContactFormView, contactPage, contactsListPage } from './contacts.page.js';
import { fieldErrorsOf } from './form-errors.js';
import type { FieldErrors } from './form-fields.js';
import { keysetPage } from './keyset-page.js';
import { addNote } from './note-writes.js';
import {
  accountChoices,
  contactName,
  notesOf,
  organizationZone,
  recordOf,
  versionOf,
} from './workspace-reads.js';
import { orgPath, type WorkspaceVisitor, workspaceVisitor } from './workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const Params = Type.Object({ org: Type.String({ maxLength: 64 }), id: Type.String({ maxLength: 64 }) });
const Text = Type.Optional(Type.String({ maxLength: 500 }));
const FIELDS = ['first_name', 'last_name', 'title', 'email', 'phone', 'account'] as const;

const formValues = (form: Form) => Object.fromEntries(FIELDS.map((f) => [f, formText(form, f)]));
const valuesOf = (c: ContactTable) => ({
  first_name: c.first_name,
  last_name: c.last_name,
  title: c.title ?? '',
  email: c.email ?? '',
  phone: c.phone ?? '',
  account: c.account_id ?? '',
});
const contactInput = (values: Record<string, string>): ContactInput => ({
  first_name: values.first_name ?? '',
  last_name: values.last_name ?? '',
  title: values.title ?? '',
  email: values.email ?? '',
  phone: values.phone ?? '',
  accountId: values.account || null,
});

export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function form(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    view: Omit<ContactFormView, 'accounts'>,
    status = 200,
  ) {
    const accounts = await accountChoices(db, v.organization.organizationId);
    return sendPage(reply, contactFormPage(v, { ...view, accounts }), status);
  }

  async function detail(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    contact: ContactTable,
    extra: { notice?: string; noteErrors?: FieldErrors; draft?: string },
    status = 200,
  ) {
    const org = v.organization.organizationId;
    const [account, bookings, notes, zone] = await Promise.all([
      contact.account_id ? findRow(db, accountDefinition, org, contact.account_id) : undefined,
      bookingsWhere(db, org, 'contact_id', contact.id),
      notesOf(db, org, 'contacts', contact.id),
      organizationZone(db, org),
    ]);
    const notesView = {
      notes,
      zone,
      action: orgPath(v, `/contacts/${contact.id}/notes`),
      errors: extra.noteErrors ?? {},
      draft: extra.draft ?? '',
    };
    return sendPage(
      reply,
      contactPage(v, { contact, account, bookings, notes: notesView, notice: extra.notice }),
      status,
    );
  }

  app.get(
    '/orgs/:org/contacts',
    {
      schema: {
        params: OrgParams,
        querystring: Type.Object({ q: Text, after: Text, before: Text, notice: Text }),
      },
    },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const q = (request.query.q ?? '').trim().slice(0, 200);
      const [page, total] = await Promise.all([
        keysetPage<ContactTable>(db, {
          table: 'contacts',
          organizationId: request.params.org,
          conditions: [],
          search: q,
          order: ['last_name', 'first_name'],
          after: request.query.after,
          before: request.query.before,
          size: PAGE_SIZE,
        }),
        countRows(db, 'contacts', request.params.org),
      ]);
      const ids = [...new Set(page.rows.map((c) => c.account_id).filter((id): id is string => id !== null))];
      const names =
        ids.length > 0
          ? await db.selectFrom('accounts').select(['id', 'name']).where('id', 'in', ids).execute()
          : [];
      return sendPage(
        reply,
        contactsListPage(v, {
          q,
          rows: page.rows,
          accountNames: new Map(names.map((a) => [a.id, a.name])),
          next: page.next,
          prev: page.prev,
          total,
          notice: request.query.notice,
        }),
      );
    },
  );

  app.get(
    '/orgs/:org/contacts/new',
    { schema: { params: OrgParams, querystring: Type.Object({ account: Text }) } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const values = {
        ...Object.fromEntries(FIELDS.map((f) => [f, ''])),
        account: request.query.account ?? '',
      };
      return form(reply, v, { values, errors: {} });
    },
  );

  app.post(
    '/orgs/:org/contacts',
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const values = formValues(request.body);
      let created: ContactTable;
      try {
        created = await db
          .transaction()
          .execute((trx) => createContact(trx, v.actor, contactInput(values), request.ctx.now()));
      } catch (error) {
        return form(reply, v, { values, errors: fieldErrorsOf(error) }, 422);
      }
      return reply.redirect(orgPath(v, `/contacts/${created.id}?notice=created`), 303);
    },
  );

  app.get(
    '/orgs/:org/contacts/:id',
    { schema: { params: Params, querystring: Type.Object({ notice: Text }) } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const contact = await recordOf(db, contactDefinition, request.params.org, request.params.id);
      return detail(reply, v, contact, { notice: request.query.notice });
    },
  );

  app.get('/orgs/:org/contacts/:id/edit', { schema: { params: Params } }, async (request, reply) => {
    const v = await workspaceVisitor(request, reply, request.params.org);
    const c = await recordOf(db, contactDefinition, request.params.org, request.params.id);
    return form(reply, v, {
      contact: { id: c.id, name: contactName(c), version: versionOf(contactDefinition, c) },
      values: valuesOf(c),
      errors: {},
    });
  });

  app.post(
    '/orgs/:org/contacts/:id',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const c = await recordOf(db, contactDefinition, request.params.org, request.params.id);
      const version = formText(request.body, 'version');
      const values = formValues(request.body);
      try {
        await updateContact(request.ctx, v.actor, c.id, contactInput(values), version || '"none"');
      } catch (error) {
        return form(
          reply,
          v,
          { contact: { id: c.id, name: contactName(c), version }, values, errors: fieldErrorsOf(error) },
          422,
        );
      }
      return reply.redirect(orgPath(v, `/contacts/${c.id}?notice=saved`), 303);
    },
  );

  app.post(
    '/orgs/:org/contacts/:id/delete',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const c = await recordOf(db, contactDefinition, request.params.org, request.params.id);
      await deleteContact(request.ctx, v.actor, c.id, formText(request.body, 'version') || '"none"');
      return reply.redirect(orgPath(v, '/contacts?notice=deleted'), 303);
    },
  );

  app.post(
    '/orgs/:org/contacts/:id/notes',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const c = await recordOf(db, contactDefinition, request.params.org, request.params.id);
      const body = formText(request.body, 'body');
      const noteErrors = await addNote(request.ctx, v, 'contacts', c.id, body);
      if (noteErrors) return detail(reply, v, c, { noteErrors, draft: body }, 422);
      return reply.redirect(orgPath(v, `/contacts/${c.id}?notice=noted#notes-title`), 303);
    },
  );
};
