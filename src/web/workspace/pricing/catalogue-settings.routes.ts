/**
 * Settings → Catalogue (SPEC §12): every member of the organization reads the items, as over
 * /v2/items; only its admins (checked on every request) add, change and delete them, through the
 * same commands and rules as the API: a name, a category, a unit price, the organization's rates.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { organizationOf } from '../../../crm/organization/index.js';
import {
  createItem,
  deleteItem,
  findItem,
  itemChangeProblems,
  itemDefinition,
  itemProblems,
  itemsOf,
  taxRatesOf,
  updateItem,
} from '../../../crm/pricing/index.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { type CatalogueFacts, cataloguePage, itemFormPage, KEPT } from './catalogue.page.js';
import { submit } from '../forms/form-errors.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { blankItem, itemInput, type ItemValues, itemValuesOf, itemValuesPosted } from './item-input.js';
import { changeOf, deleteRoute, RecordParams as Params } from '../forms/record-posts.js';
import { notFound, orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });

export const catalogueSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  /** The currency prices are typed and shown in, and the organization's tax rates. */
  async function factsOf(organizationId: string): Promise<CatalogueFacts> {
    const organization = await organizationOf(db, organizationId);
    if (!organization) throw notFound();
    return { currency: organization.currency, rates: await taxRatesOf(db, organizationId) };
  }

  async function list(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    view: { values: ItemValues; errors: FieldErrors; notice?: string | undefined },
    status = 200,
  ) {
    const organizationId = v.organization.organizationId;
    const [facts, items] = await Promise.all([factsOf(organizationId), itemsOf(db, organizationId)]);
    return sendPage(reply, cataloguePage(v, { ...facts, items, ...view }), status);
  }

  /** The organization's item the address names, with its version, or the 404 page. */
  async function itemOf(organizationId: string, id: string) {
    const found = await findItem(app.ctx, organizationId, id);
    if (!found) throw notFound();
    const { value, version } = found;
    return { value, item: { id: value.id, name: value.name, taxRates: value.taxRateIds }, version };
  }

  // Open to every member: they read the catalogue; the page offers a form only to those it may take.
  app.get(
    '/orgs/:org/settings/catalogue',
    {
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) =>
      list(reply, visitorOf(request), { values: blankItem(), errors: {}, notice: request.query.notice }),
  );

  app.post(
    '/orgs/:org/settings/catalogue',
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { currency } = await factsOf(request.params.org);
      const values = itemValuesPosted(request.body);
      const { input, unread } = itemInput(values, currency);
      const outcome = await submit(request, createItem, input, unread, () =>
        itemProblems(db, v.actor, input),
      );
      if (outcome.errors) return list(reply, v, { values, errors: outcome.errors }, 422);
      return reply.redirect(orgPath(v, '/settings/catalogue?notice=created'), 303);
    },
  );

  app.get(
    '/orgs/:org/settings/catalogue/:id',
    { config: { takes: updateItem.action }, schema: { params: Params } },
    async (request, reply) => {
      const facts = await factsOf(request.params.org);
      const { value, item, version } = await itemOf(request.params.org, request.params.id);
      const values = itemValuesOf(value, facts.currency);
      const page = itemFormPage(visitorOf(request), {
        ...facts,
        item: { ...item, version },
        values,
        errors: {},
      });
      return sendPage(reply, page);
    },
  );

  app.post(
    '/orgs/:org/settings/catalogue/:id',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const facts = await factsOf(request.params.org);
      const { value, item } = await itemOf(request.params.org, request.params.id);
      const values = itemValuesPosted(request.body);
      const { input, unread } = itemInput(values, facts.currency);
      const outcome = await submit(request, updateItem, changeOf(request.body, value.id, input), unread, () =>
        itemChangeProblems(db, v.actor, input, value),
      );
      if (outcome.stale) {
        // Saved by someone else since the form was drawn: what was typed, beside what is saved now.
        const now = await itemOf(request.params.org, request.params.id);
        const current = { ...now.item, version: now.version };
        const saved = itemValuesOf(now.value, facts.currency);
        return sendPage(reply, itemFormPage(v, { ...facts, item: current, values, errors: {}, saved }), 412);
      }
      if (outcome.errors) {
        const typed = { ...item, version: formText(request.body, 'version') };
        return sendPage(
          reply,
          itemFormPage(v, { ...facts, item: typed, values, errors: outcome.errors }),
          422,
        );
      }
      return reply.redirect(orgPath(v, '/settings/catalogue?notice=saved'), 303);
    },
  );

  await app.register(
    deleteRoute({
      path: '/settings/catalogue',
      definition: itemDefinition,
      command: deleteItem,
      done: '/settings/catalogue?notice=deleted',
      nameOf: (item) => `the item ${item.name}`,
      consequence: KEPT,
      section: 'settings',
    }),
  );
};
