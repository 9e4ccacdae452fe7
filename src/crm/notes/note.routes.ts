/**
 * Notes (SPEC §5): the generic reads at /notes, and writing them: POST /notes (201, honours
 * Idempotency-Key), PATCH /notes/{id} (200) and DELETE /notes/{id} (204), both honouring If-Match.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { withIdempotency } from '../../api/idempotency.js';
import { errorResponses, singleDocument } from '../../api/jsonapi.js';
import { registerReadRoutes } from '../../api/read-routes.js';
import { ChangeHeaders, CreateHeaders, IdParams, MANAGE_SECURITY } from '../../api/route-schemas.js';
import { resourceDocument, sendCreated, sendResource } from '../../api/write-replies.js';
import { ConflictError, ForbiddenError, ValidationError } from '../../errors.js';
import { NoteCreateBody, NoteUpdateBody } from './note.bodies.js';
import { noteDefinition, NoteResource } from './note.resource.js';
import { createNote, deleteNote, updateNote } from './note.service.js';
import type { NoteTable } from './note.table.js';

export const noteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, noteDefinition);
  const { baseUrl } = app.ctx.config;
  const document = (note: NoteTable) => resourceDocument(noteDefinition.toResource(note, baseUrl));

  app.post(
    '/notes',
    {
      config: { scope: 'crm_manage' },
      schema: {
        tags: ['Notes'],
        summary: 'Create a note',
        description: 'Attach a note to a booking, account or contact. Needs crm_manage.',
        security: MANAGE_SECURITY,
        headers: CreateHeaders,
        body: NoteCreateBody,
        response: { 201: singleDocument(NoteResource), ...errorResponses(400, 401, 403, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { ctx, apiAuth: auth } = request;
      const { data } = request.body;
      if (data.id !== undefined) {
        throw new ForbiddenError(
          'Ids are assigned by the server; leave out data.id.',
          'client_id_unsupported',
          {
            pointer: '/data/id',
          },
        );
      }
      const input = {
        body: data.attributes.body,
        notableType: data.relationships.notable.data.type,
        notableId: data.relationships.notable.data.id,
      };
      const outcome = await withIdempotency(
        ctx,
        {
          scope: `${auth.token.integrationId}:${auth.userId}:${auth.organizationId}`,
          key: request.headers['idempotency-key'],
          body: request.body,
        },
        async (trx) => ({ status: 201, body: document(await createNote(trx, auth, input, ctx.now())) }),
      );
      return sendCreated(reply, outcome);
    },
  );

  app.patch(
    '/notes/:id',
    {
      config: { scope: 'crm_manage' },
      schema: {
        tags: ['Notes'],
        summary: 'Change a note',
        description: "Only the note's author or an organization admin. Honours If-Match.",
        security: MANAGE_SECURITY,
        headers: ChangeHeaders,
        params: IdParams,
        body: NoteUpdateBody,
        response: {
          200: singleDocument(NoteResource),
          ...errorResponses(400, 401, 403, 404, 409, 412, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { data } = request.body;
      if (data.id !== request.params.id) {
        throw new ConflictError('data.id must be the id in the URL.', 'id_mismatch', { pointer: '/data/id' });
      }
      if (data.relationships?.notable !== undefined) {
        throw new ValidationError({
          field: 'notable',
          detail: 'A note stays with what it was written about; notable cannot change.',
          code: 'immutable',
          source: { pointer: '/data/relationships/notable' },
        });
      }
      const note = await updateNote(
        request.ctx,
        request.apiAuth,
        request.params.id,
        data.attributes?.body,
        request.headers['if-match'],
      );
      return sendResource(reply, 200, document(note));
    },
  );

  app.delete(
    '/notes/:id',
    {
      config: { scope: 'crm_manage' },
      schema: {
        tags: ['Notes'],
        summary: 'Delete a note',
        description: "Only the note's author or an organization admin. Honours If-Match.",
        security: MANAGE_SECURITY,
        headers: ChangeHeaders,
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409, 412, 429) },
      },
    },
    async (request, reply) => {
      await deleteNote(request.ctx, request.apiAuth, request.params.id, request.headers['if-match']);
      return reply.code(204).send(null);
    },
  );
};
