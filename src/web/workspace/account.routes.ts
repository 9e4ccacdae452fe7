/** Accounts: list and search, one account, create, edit, delete (refused while it has bookings), notes. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { accountDefinition } from '../../crm/accounts/account.resource.js';
import {
  type AccountInput,
  createAccount,
  deleteAccount,
  updateAccount,
} from '../../crm/accounts/account.service.js';
import type { AccountTable } from '../../crm/accounts/account.table.js';
import { listMembersOfOrganization } from '../../identity/membership.repository.js';
import { type Form, FormBody, formText, sendPage } from '../forms.js';
import {
  ACCOUNT_FIELDS,
  type AccountFormValues,
  accountFormPage,
  type AccountFormView,
} from './account-form.page.js';
import { accountPage, accountsListPage } from './accounts.page.js';
import { bookingsWhere, countRows, PAGE_SIZE } from './booking-reads.js';
import { fieldErrorsOf } from './form-errors.js';
import type { FieldErrors } from './form-fields.js';
import { keysetPage } from './keyset-page.js';
import { addNote } from './note-writes.js';
import {
  contactChoices,
  namesOfUsers,
  notesOf,
  organizationZone,
  recordOf,
  versionOf,
} from './workspace-reads.js';
import { orgPath, type WorkspaceVisitor, workspaceVisitor } from './workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const Params = Type.Object({ org: Type.String({ maxLength: 64 }), id: Type.String({ maxLength: 64 }) });
const Text = Type.Optional(Type.String({ maxLength: 500 }));

function formValues(form: Form): AccountFormValues {
  const values = { owner: formText(form, 'owner') } as AccountFormValues;
  for (const field of ACCOUNT_FIELDS) values[field] = formText(form, field);
  return values;
}

function valuesOf(a: AccountTable): AccountFormValues {
  const values = { owner: a.owner_id ?? '' } as AccountFormValues;
  for (const field of ACCOUNT_FIELDS) values[field] = a[field] ?? '';
  return values;
}

function accountInput(values: AccountFormValues): AccountInput {
  return { ...values, ownerId: values.owner || null };
}

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function form(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    view: Omit<AccountFormView, 'members'>,
    status = 200,
  ) {
    const members = await listMembersOfOrganization(db, v.organization.organizationId);
    return sendPage(reply, accountFormPage(v, { ...view, members }), status);
  }

  async function detail(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    account: AccountTable,
    extra: { notice?: string; noteErrors?: FieldErrors; draft?: string },
    status = 200,
  ) {
    const org = v.organization.organizationId;
    const [owners, contacts, bookings, notes, zone] = await Promise.all([
      namesOfUsers(db, [account.owner_id]),
      contactChoices(db, org, account.id),
      bookingsWhere(db, org, 'account_id', account.id),
      notesOf(db, org, 'accounts', account.id),
      organizationZone(db, org),
    ]);
    const owner = account.owner_id ? owners.get(account.owner_id) : undefined;
    const notesView = {
      notes,
      zone,
      action: orgPath(v, `/accounts/${account.id}/notes`),
      errors: extra.noteErrors ?? {},
      draft: extra.draft ?? '',
    };
    return sendPage(
      reply,
      accountPage(v, { account, owner, contacts, bookings, notes: notesView, notice: extra.notice }),
      status,
    );
  }

  app.get(
    '/orgs/:org/accounts',
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
        keysetPage<AccountTable>(db, {
          table: 'accounts',
          organizationId: request.params.org,
          conditions: [],
          search: q,
          order: ['name'],
          after: request.query.after,
          before: request.query.before,
          size: PAGE_SIZE,
        }),
        countRows(db, 'accounts', request.params.org),
      ]);
      return sendPage(
        reply,
        accountsListPage(v, {
          q,
          rows: page.rows,
          next: page.next,
          prev: page.prev,
          total,
          notice: request.query.notice,
        }),
      );
    },
  );

  app.get('/orgs/:org/accounts/new', { schema: { params: OrgParams } }, async (request, reply) => {
    const v = await workspaceVisitor(request, reply, request.params.org);
    const values = { owner: v.user.id } as AccountFormValues;
    for (const field of ACCOUNT_FIELDS) values[field] = '';
    return form(reply, v, { values, errors: {} });
  });

  app.post(
    '/orgs/:org/accounts',
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const values = formValues(request.body);
      let created: AccountTable;
      try {
        created = await db
          .transaction()
          .execute((trx) => createAccount(trx, v.actor, accountInput(values), request.ctx.now()));
      } catch (error) {
        return form(reply, v, { values, errors: fieldErrorsOf(error) }, 422);
      }
      return reply.redirect(orgPath(v, `/accounts/${created.id}?notice=created`), 303);
    },
  );

  app.get(
    '/orgs/:org/accounts/:id',
    { schema: { params: Params, querystring: Type.Object({ notice: Text }) } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const account = await recordOf(db, accountDefinition, request.params.org, request.params.id);
      return detail(reply, v, account, { notice: request.query.notice });
    },
  );

  app.get('/orgs/:org/accounts/:id/edit', { schema: { params: Params } }, async (request, reply) => {
    const v = await workspaceVisitor(request, reply, request.params.org);
    const a = await recordOf(db, accountDefinition, request.params.org, request.params.id);
    return form(reply, v, {
      account: { id: a.id, name: a.name, version: versionOf(accountDefinition, a) },
      values: valuesOf(a),
      errors: {},
    });
  });

  app.post(
    '/orgs/:org/accounts/:id',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const a = await recordOf(db, accountDefinition, request.params.org, request.params.id);
      const version = formText(request.body, 'version');
      const values = formValues(request.body);
      try {
        await updateAccount(request.ctx, v.actor, a.id, accountInput(values), version || '"none"');
      } catch (error) {
        return form(
          reply,
          v,
          { account: { id: a.id, name: a.name, version }, values, errors: fieldErrorsOf(error) },
          422,
        );
      }
      return reply.redirect(orgPath(v, `/accounts/${a.id}?notice=saved`), 303);
    },
  );

  app.post(
    '/orgs/:org/accounts/:id/delete',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const a = await recordOf(db, accountDefinition, request.params.org, request.params.id);
      await deleteAccount(request.ctx, v.actor, a.id, formText(request.body, 'version') || '"none"');
      return reply.redirect(orgPath(v, '/accounts?notice=deleted'), 303);
    },
  );

  app.post(
    '/orgs/:org/accounts/:id/notes',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const a = await recordOf(db, accountDefinition, request.params.org, request.params.id);
      const body = formText(request.body, 'body');
      const noteErrors = await addNote(request.ctx, v, 'accounts', a.id, body);
      if (noteErrors) return detail(reply, v, a, { noteErrors, draft: body }, 422);
      return reply.redirect(orgPath(v, `/accounts/${a.id}?notice=noted#notes-title`), 303);
    },
  );
};
