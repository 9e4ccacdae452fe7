/**
 * Settings → Custom fields (SPEC §19): the definitions of each record type, in order; a field
 * added, changed (a new type told before it is done), archived, brought back or deleted; the
 * order saved. Every write goes through the same commands and rules as /v2/custom_fields, whose
 * policy lets only administrators change them: a member sees the list, and a member's post is
 * refused in the policy's words.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CUSTOM_RECORD_TYPES,
  createCustomField,
  customFieldChangeProblems,
  customFieldDefinition,
  customFieldProblems,
  type CustomRecordType,
  deleteCustomField,
  fieldDefinitionsOf,
  findCustomField,
  reorderCustomFields,
  typeChangePreview,
  updateCustomField,
} from '../../../crm/custom-field-definitions/index.js';
import { customFieldsOf } from '../../../crm/custom-fields/index.js';
import type { FieldProblem } from '../../../errors.js';
import { duringLongWrite } from '../../../http/server-limits.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import {
  attemptSubmit,
  fieldErrors,
  forbiddenTo,
  type Refused,
  type Submitted,
} from '../forms/form-errors.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { changeOf, deleteRoute, RecordParams } from '../forms/record-posts.js';
import { sendRefusal } from '../refusals.js';
import { notFound, orgPath, visitorOf, type WorkspaceVisitor } from '../workspace-visitor.js';
import { definitionFormPage } from './custom-fields.edit.js';
import { customFieldsPage, fieldsPath } from './custom-fields.page.js';
import { typeChangePage } from './custom-fields.preview.js';
import { fieldOrderScriptRoute } from './custom-fields.script.js';
import {
  definitionInput,
  definitionValuesOf,
  definitionValuesPosted,
  type DefinitionValues,
  newDefinitionValues,
} from './custom-fields.values.js';
import { positionsPosted } from './custom-fields.order.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const TypeQuery = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 20 })),
  notice: Type.Optional(Type.String({ maxLength: 40 })),
});
const BASE = '/orgs/:org/settings/custom-fields';

const recordTypeOf = (given: string | undefined): CustomRecordType =>
  CUSTOM_RECORD_TYPES.find((t) => t === given) ?? 'bookings';

/** The form's errors of an outcome; undefined when it was written. */
async function errorsOf(
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: Submitted<unknown> | Refused,
): Promise<FieldErrors | 'sent' | undefined> {
  if (outcome.refusal) {
    if (outcome.refusal.problems.length === 0) {
      await sendRefusal(request, reply, outcome.refusal);
      return 'sent';
    }
    return fieldErrors(outcome.refusal.problems as FieldProblem[]);
  }
  return outcome.errors;
}

export const customFieldSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  await app.register(fieldOrderScriptRoute);

  /** The organization's definition the address names, with its version, or the 404 page. */
  const fieldOf = async (v: WorkspaceVisitor, id: string) =>
    (await findCustomField(app.ctx, v.organization.organizationId, id)) ?? Promise.reject(notFound());

  async function listPage(v: WorkspaceVisitor, recordType: CustomRecordType, more: object = {}) {
    const { fields } = await customFieldsOf(db, v.organization.organizationId, recordType);
    return customFieldsPage(v, { recordType, fields, ...more });
  }

  app.get(BASE, { schema: { params: OrgParams, querystring: TypeQuery } }, async (request, reply) => {
    const v = visitorOf(request);
    const page = await listPage(v, recordTypeOf(request.query.type), { notice: request.query.notice });
    return sendPage(reply, page);
  });

  app.post(
    `${BASE}/order`,
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const recordType = recordTypeOf(formText(request.body, 'type'));
      const fields = await fieldDefinitionsOf(db, v.organization.organizationId, recordType);
      const { order, positions, errors } = positionsPosted(request.body, fields);
      const outcome = await attemptSubmit(
        request,
        reorderCustomFields,
        { recordType, order },
        errors,
        async () => [],
      );
      const shown = await errorsOf(request, reply, outcome);
      if (shown === 'sent') return reply;
      if (!shown) return reply.redirect(`${fieldsPath(v, recordType)}&notice=ordered`, 303);
      return sendPage(reply, await listPage(v, recordType, { positions, errors: shown }), 422);
    },
  );

  app.get(
    `${BASE}/new`,
    { config: { takes: createCustomField.action }, schema: { params: OrgParams, querystring: TypeQuery } },
    async (request, reply) => {
      const recordType = recordTypeOf(request.query.type);
      const page = definitionFormPage(visitorOf(request), {
        recordType,
        values: newDefinitionValues(),
        errors: {},
      });
      return sendPage(reply, page);
    },
  );

  app.post(
    `${BASE}/new`,
    { preHandler: app.csrfProtection, schema: { params: OrgParams, querystring: TypeQuery, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const recordType = recordTypeOf(request.query.type);
      const values = definitionValuesPosted(request.body);
      const siblings = await fieldDefinitionsOf(db, v.organization.organizationId, recordType);
      const positions = siblings.map((s) => s.position);
      const position = Math.max(siblings.length, ...positions) + 1;
      const input = definitionInput(values, { recordType, position });
      const outcome = await attemptSubmit(request, createCustomField, input, {}, () =>
        customFieldProblems(db, v.actor, input),
      );
      const errors = await errorsOf(request, reply, outcome);
      if (errors === 'sent') return reply;
      if (!errors) return reply.redirect(`${fieldsPath(v, recordType)}&notice=created`, 303);
      return sendPage(reply, definitionFormPage(v, { recordType, values, errors }), 422);
    },
  );

  async function editPage(
    v: WorkspaceVisitor,
    id: string,
    typed?: DefinitionValues,
    errors: FieldErrors = {},
  ) {
    const { value: saved, version } = await fieldOf(v, id);
    const values = typed ? { ...typed, key: saved.key } : definitionValuesOf(saved);
    const field = { id: saved.id, version, archived: saved.archived };
    return definitionFormPage(v, { recordType: saved.recordType, values, errors, field });
  }

  // The address a field's delete page goes back to.
  app.get(`${BASE}/:id`, { schema: { params: RecordParams } }, async (request, reply) =>
    reply.redirect(orgPath(visitorOf(request), `/settings/custom-fields/${request.params.id}/edit`), 303),
  );

  app.get(
    `${BASE}/:id/edit`,
    { config: { takes: updateCustomField.action }, schema: { params: RecordParams } },
    async (request, reply) => sendPage(reply, await editPage(visitorOf(request), request.params.id)),
  );

  app.post(
    `${BASE}/:id`,
    { preHandler: app.csrfProtection, schema: { params: RecordParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { value: saved } = await fieldOf(v, request.params.id);
      const values = definitionValuesPosted(request.body);
      const confirmed = formText(request.body, 'confirm_type') === 'yes';
      const input = {
        ...definitionInput(values, { recordType: saved.recordType }),
        dropUnconvertible: confirmed,
      };
      const problems = () => customFieldChangeProblems(db, v.actor, input, saved);
      const change = changeOf(request.body, saved.id, input);
      // The preview is for those the policy lets change the field; anyone else is refused below.
      if (
        !forbiddenTo(request, updateCustomField, change) &&
        values.field_type !== saved.fieldType &&
        !confirmed &&
        (await problems()).length === 0
      ) {
        // A new type is told before it is done: what becomes of the values records hold.
        const preview = await typeChangePreview(db, saved, input);
        const version = formText(request.body, 'version');
        const field = { id: saved.id, label: saved.label, fieldType: saved.fieldType, version };
        return sendPage(
          reply,
          typeChangePage(v, { recordType: saved.recordType, field, typed: values, preview }),
        );
      }
      const submit = () => attemptSubmit(request, updateCustomField, change, {}, problems);
      // A change of type converts every value in one unit of work: past the idle limit over many.
      const outcome = await (values.field_type === saved.fieldType
        ? submit()
        : duringLongWrite(request, submit));
      if (outcome.stale) return sendPage(reply, await editPage(v, saved.id, values), 412);
      const errors = await errorsOf(request, reply, outcome);
      if (errors === 'sent') return reply;
      if (!errors) return reply.redirect(`${fieldsPath(v, saved.recordType)}&notice=saved`, 303);
      return sendPage(reply, await editPage(v, saved.id, values, errors), 422);
    },
  );

  app.post(
    `${BASE}/:id/archive`,
    { preHandler: app.csrfProtection, schema: { params: RecordParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { value: saved } = await fieldOf(v, request.params.id);
      const archived = formText(request.body, 'archived') === 'yes';
      const change = changeOf(request.body, saved.id, { archived });
      const outcome = await attemptSubmit(request, updateCustomField, change, {}, async () => []);
      if (outcome.stale || outcome.refusal || outcome.errors) {
        if (outcome.refusal) return sendRefusal(request, reply, outcome.refusal);
        return sendPage(reply, await editPage(v, saved.id), 412);
      }
      const notice = archived ? 'archived' : 'unarchived';
      return reply.redirect(`${fieldsPath(v, saved.recordType)}&notice=${notice}`, 303);
    },
  );

  await app.register(
    deleteRoute({
      path: '/settings/custom-fields',
      definition: customFieldDefinition,
      command: deleteCustomField,
      done: (row) => `/settings/custom-fields?type=${row.record_type}&notice=deleted`,
      nameOf: (row) => `the field ${row.label}`,
      consequence: 'Only a field no record holds a value of may be deleted; archive one that records hold.',
      section: 'settings',
    }),
  );
};
