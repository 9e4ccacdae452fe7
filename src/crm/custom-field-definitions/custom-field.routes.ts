/**
 * The organization's custom fields (SPEC §19): everyone reads their definitions, admins write
 * them. A PATCH changing a field's type may ask first what it would convert (`meta.preview`:
 * 200, the field unchanged, with the counts in `meta`).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { Type } from 'typebox';
import { refuseUnreadable } from '../../api/input-problems.js';
import { errorResponses, singleDocument } from '../../api/jsonapi.js';
import { registerReadRoutes } from '../../api/read-routes.js';
import { ChangeHeaders, IdParams, MANAGE_SECURITY } from '../../api/route-schemas.js';
import { resourceDocument, sendResource } from '../../api/write-replies.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { ConflictError } from '../../errors.js';
import { duringLongWrite } from '../../http/server-limits.js';
import { policyRefusal } from '../../writes/permit.js';
import { isRefusal } from '../../writes/refusal.js';
import { write } from '../../writes/unit-of-work.js';
import { findRow } from '../data/record-lookup.js';
import { recordToChange } from '../records.js';
import { ConversionMeta, CustomFieldCreateBody, CustomFieldUpdateBody } from './custom-field.bodies.js';
import {
  createCustomField,
  type CustomFieldInput,
  customFieldProblems,
  deleteCustomField,
  previewConversion,
  updateCustomField,
} from './custom-field.commands.js';
import { customFieldDefinition, CustomFieldResource } from '../custom-fields/definitions.js';

type UpdateDocument = Static<typeof CustomFieldUpdateBody>;

function fieldInput(document: { data: { attributes?: CustomFieldInput | undefined } }): CustomFieldInput {
  return { ...(document.data.attributes ?? {}) };
}

function changeInput(document: UpdateDocument): CustomFieldInput {
  return {
    ...fieldInput(document),
    preview: document.meta?.preview,
    dropUnconvertible: document.meta?.drop_unconvertible,
  };
}

export const customFieldRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, customFieldDefinition);
  registerWriteRoutes(app, {
    definition: customFieldDefinition,
    createBody: CustomFieldCreateBody,
    updateBody: CustomFieldUpdateBody,
    rules: {
      create:
        'A key unique per record type (422 taken); at most 100 fields of a record type, archived ones counted (422 limit_reached).',
      remove: 'Only while no record holds a value of it (409 has_values).',
    },
    create: { command: createCustomField, input: fieldInput, problems: customFieldProblems },
    remove: deleteCustomField,
  });
  const { baseUrl } = app.ctx.config;
  app.patch(
    '/v2/custom_fields/:id',
    {
      config: { scope: 'crm_manage', textRules: true },
      attachValidation: true,
      schema: {
        tags: ['Custom fields'],
        summary: 'Change a custom field',
        description:
          'key and record_type never change (422 read_only). A used option may be archived, not removed. A new ' +
          'field_type converts every value records hold in one unit of work; when some cannot convert it is refused ' +
          '(422 unconvertible_values on field_type) unless meta.drop_unconvertible is true; meta.preview: true ' +
          'answers the counts in meta and changes nothing. Organization admins only; needs crm_manage. Honours If-Match.',
        security: MANAGE_SECURITY,
        headers: ChangeHeaders,
        params: IdParams,
        body: CustomFieldUpdateBody,
        response: {
          200: Type.Object({
            ...singleDocument(CustomFieldResource).properties,
            meta: Type.Optional(ConversionMeta),
          }),
          ...errorResponses(400, 401, 403, 404, 409, 412, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { ctx, apiAuth: auth } = request;
      const { id } = request.params;
      await refuseUnreadable(request, async (readable) => {
        const current = await findRow(ctx.db, customFieldDefinition, auth.organizationId, id);
        return current
          ? customFieldProblems(ctx.db, auth, changeInput(readable as UpdateDocument), current)
          : [];
      });
      const refused = policyRefusal(auth, updateCustomField.action, undefined, undefined);
      if (refused) throw refused.asError();
      const body = request.body;
      if (body.data.id !== id) {
        throw new ConflictError('data.id must be the id in the URL.', 'id_mismatch', { pointer: '/data/id' });
      }
      const input = changeInput(body);
      const ifMatch = request.headers['if-match'];
      if (input.preview) {
        const current = await recordToChange(ctx.db, customFieldDefinition, auth.organizationId, id, ifMatch);
        if (isRefusal(current)) throw current.asError();
        const problems = await customFieldProblems(ctx.db, auth, input, current);
        if (problems.length === 0) {
          const document = resourceDocument(customFieldDefinition.toResource(current, baseUrl));
          return sendResource(reply, 200, {
            ...document,
            meta: await previewConversion(ctx.db, current, input),
          } as never);
        }
      }
      const change = () => write(ctx.app.writer, auth, updateCustomField, { id, ifMatch, input });
      // A change of type converts every value in one unit of work: past the idle limit over many.
      const row = await (input.field_type === undefined ? change() : duringLongWrite(request, change));
      return sendResource(reply, 200, resourceDocument(customFieldDefinition.toResource(row, baseUrl)));
    },
  );
};
