/**
 * Settings → Inquiry form: the venue's public inquiry form (SPEC §14), changed by its
 * administrators through the same command and rules as `inquiry_form` on /v2/organization, so
 * every bad field (a taken slug too) is shown at once in the API's words.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { eventTypesOf } from '../../../crm/event-types/index.js';
import {
  findOrganization,
  type OrganizationValue,
  updateOrganization,
  type Versioned,
} from '../../../crm/organization/index.js';
import type { FieldProblem } from '../../../errors.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { attemptSubmit, fieldErrors } from '../forms/form-errors.js';
import type { FieldErrors } from '../forms/form-fields.js';
import {
  inquiryInput,
  inquirySettingsPage,
  type InquirySettingsValues,
  inquiryValuesOf,
  inquiryValuesPosted,
} from './inquiry-settings.page.js';
import { formVersion } from '../forms/record-posts.js';
import { sendRefusal } from '../refusals.js';
import { notFound, orgPath, visitorOf, type WorkspaceVisitor } from '../workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const PATH = '/orgs/:org/settings/inquiry-form';

/** The API's problems (`inquiry_form/slug`, …) by the form's fields (`slug`, …). */
function formErrors(problems: readonly FieldProblem[]): FieldErrors {
  return fieldErrors(problems.map((p) => ({ ...p, field: p.field?.replace(/^inquiry_form\//, '') })));
}

export const inquirySettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;

  /** The organization's settings with their version, or the 404 page. */
  async function venue(org: string) {
    const found = await findOrganization(app.ctx, org);
    if (!found) throw notFound();
    return found;
  }

  async function show(
    v: WorkspaceVisitor,
    organization: Versioned<OrganizationValue>,
    view: {
      values?: InquirySettingsValues;
      version?: string;
      errors?: FieldErrors;
      notice?: string;
      stale?: boolean;
    },
  ) {
    const form = organization.value.inquiryForm;
    const saved = inquiryValuesOf(form);
    const types = await eventTypesOf(db, organization.value.id);
    return inquirySettingsPage(v, {
      values: view.values ?? saved,
      version: view.version ?? organization.version,
      errors: view.errors ?? {},
      eventTypes: types.map((t) => t.value),
      address: form.enabled && form.slug ? `${config.baseUrl}/inquire/${form.slug}` : undefined,
      embeddable: form.embed_origins.length > 0,
      notice: view.notice,
      ...(view.stale ? { saved } : {}),
    });
  }

  app.get(
    PATH,
    {
      config: { takes: updateOrganization.action },
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => {
      const organization = await venue(request.params.org);
      const notice = request.query.notice;
      return sendPage(reply, await show(visitorOf(request), organization, notice ? { notice } : {}));
    },
  );

  app.post(
    PATH,
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const values = inquiryValuesPosted(request.body);
      const change = { ifMatch: formVersion(request.body), input: { inquiry_form: inquiryInput(values) } };
      // The command judges every field (whether the slug is taken too) before it writes.
      const outcome = await attemptSubmit(request, updateOrganization, change, {}, async () => []);
      if (outcome.stale) {
        const now = await venue(request.params.org);
        return sendPage(reply, await show(v, now, { values, stale: true }), 412);
      }
      let errors: FieldErrors;
      if (outcome.refusal) {
        if (outcome.refusal.problems.length === 0) return sendRefusal(request, reply, outcome.refusal);
        errors = formErrors(outcome.refusal.problems);
      } else if (outcome.errors) errors = outcome.errors;
      else return reply.redirect(orgPath(v, '/settings/inquiry-form?notice=saved'), 303);
      const organization = await venue(request.params.org);
      const version = formText(request.body, 'version');
      return sendPage(reply, await show(v, organization, { values, version, errors }), 422);
    },
  );
};
