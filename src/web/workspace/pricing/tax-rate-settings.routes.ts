/**
 * Settings → Tax rates (SPEC §12): every member of the organization reads the list, as over
 * /v2/tax_rates; only its admins (checked on every request) add, change and delete rates, through
 * the same commands and rules as the API: a name unique whatever its case, a percentage from 0 to
 * 100 with at most four decimals.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  createTaxRate,
  deleteTaxRate,
  findTaxRate,
  taxRateChangeProblems,
  taxRateDefinition,
  taxRateProblems,
  taxRatesOf,
  updateTaxRate,
} from '../../../crm/pricing/index.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { submit } from '../forms/form-errors.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { changeOf, deleteRoute, RecordParams as Params } from '../forms/record-posts.js';
import {
  blankTaxRate,
  taxRateInput,
  type TaxRateValues,
  taxRateValuesOf,
  taxRateValuesPosted,
} from './tax-rate-input.js';
import { KEPT, taxRateFormPage, taxRatesPage } from './tax-rates.page.js';
import { notFound, orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });

export const taxRateSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function list(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    view: { values: TaxRateValues; errors: FieldErrors; notice?: string | undefined },
    status = 200,
  ) {
    const rates = await taxRatesOf(db, v.organization.organizationId);
    return sendPage(reply, taxRatesPage(v, { rates, ...view }), status);
  }

  /** The organization's tax rate the address names, with its version, or the 404 page. */
  async function taxRateOf(organizationId: string, id: string) {
    const found = await findTaxRate(app.ctx, organizationId, id);
    if (!found) throw notFound();
    return found;
  }

  // Open to every member: they read the rates; the page offers a form only to those it may take.
  app.get(
    '/orgs/:org/settings/tax-rates',
    {
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) =>
      list(reply, visitorOf(request), { values: blankTaxRate(), errors: {}, notice: request.query.notice }),
  );

  app.post(
    '/orgs/:org/settings/tax-rates',
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const values = taxRateValuesPosted(request.body);
      const input = taxRateInput(values);
      const outcome = await submit(request, createTaxRate, input, {}, () =>
        taxRateProblems(db, v.actor, input),
      );
      if (outcome.errors) return list(reply, v, { values, errors: outcome.errors }, 422);
      return reply.redirect(orgPath(v, '/settings/tax-rates?notice=created'), 303);
    },
  );

  app.get(
    '/orgs/:org/settings/tax-rates/:id',
    { config: { takes: updateTaxRate.action }, schema: { params: Params } },
    async (request, reply) => {
      const { value: r, version } = await taxRateOf(request.params.org, request.params.id);
      const rate = { id: r.id, name: r.name, version };
      const page = taxRateFormPage(visitorOf(request), { rate, values: taxRateValuesOf(r), errors: {} });
      return sendPage(reply, page);
    },
  );

  app.post(
    '/orgs/:org/settings/tax-rates/:id',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { value: r } = await taxRateOf(request.params.org, request.params.id);
      const values = taxRateValuesPosted(request.body);
      const input = taxRateInput(values);
      const rate = { id: r.id, name: r.name, version: formText(request.body, 'version') };
      const outcome = await submit(request, updateTaxRate, changeOf(request.body, r.id, input), {}, () =>
        taxRateChangeProblems(db, v.actor, input, r),
      );
      if (outcome.stale) {
        // Saved by someone else since the form was drawn: what was typed, beside what is saved now.
        const now = await taxRateOf(request.params.org, request.params.id);
        const current = { ...rate, version: now.version };
        const saved = taxRateValuesOf(now.value);
        return sendPage(reply, taxRateFormPage(v, { rate: current, values, errors: {}, saved }), 412);
      }
      if (outcome.errors) {
        return sendPage(reply, taxRateFormPage(v, { rate, values, errors: outcome.errors }), 422);
      }
      return reply.redirect(orgPath(v, '/settings/tax-rates?notice=saved'), 303);
    },
  );

  await app.register(
    deleteRoute({
      path: '/settings/tax-rates',
      definition: taxRateDefinition,
      command: deleteTaxRate,
      done: '/settings/tax-rates?notice=deleted',
      nameOf: (rate) => `the tax rate ${rate.name}`,
      consequence: KEPT,
      section: 'settings',
    }),
  );
};
