/**
 * Writing notes: POST /notes (201, honours Idempotency-Key), PATCH /notes/{id} (200) and
 * DELETE /notes/{id} (204), both honouring If-Match. Reading is the generic read routes'.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { App } from '../../app.js';
import { ApiHeaders, IdParams } from '../../api/read-routes.js';
import { errorResponses, JSONAPI_MEDIA_TYPE, singleDocument } from '../../api/jsonapi.js';
import type { Row } from '../../api/resource-definition.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { ApiError, ForbiddenError, ValidationError } from '../../errors.js';
import { findStoredResponse, requestHash, storeResponse } from './idempotency.repository.js';
import { noteEtag } from './note.etag.js';
import { noteDefinition, NoteResource } from './note.resource.js';
import { createNote, deleteNote, updateNote } from './note.service.js';
import { NOTABLE_TYPES, type NoteTable } from './note.table.js';
import { GroupCommit } from '../../db/group-commit.js';

const NoteBody = Type.String({ minLength: 1, maxLength: 65536, description: '1 to 65,536 characters' });
const Notable = Type.Object(
  {
    data: Type.Object(
      {
        type: Type.Union(NOTABLE_TYPES.map((t) => Type.Literal(t))),
        id: Type.String({ minLength: 1, maxLength: 64 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const CreateBody = Type.Object({
  data: Type.Object(
    {
      type: Type.Literal('notes'),
      id: Type.Optional(Type.String({ description: 'Not supported: the server assigns ids' })),
      attributes: Type.Object({ body: NoteBody }, { additionalProperties: false }),
      relationships: Type.Object({ notable: Notable }, { additionalProperties: false }),
    },
    { additionalProperties: false },
  ),
});

const UpdateBody = Type.Object({
  data: Type.Object(
    {
      type: Type.Literal('notes'),
      id: Type.String(),
      attributes: Type.Optional(
        Type.Object({ body: Type.Optional(NoteBody) }, { additionalProperties: false }),
      ),
      relationships: Type.Optional(
        Type.Object({ notable: Type.Optional(Notable) }, { additionalProperties: false }),
      ),
    },
    { additionalProperties: false },
  ),
});

const IdempotencyHeaders = Type.Object({
  'x-api-org': ApiHeaders.properties['x-api-org'],
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'Retrying with the same key and body returns the first response',
    }),
  ),
});

const WriteHeaders = Type.Object({
  'x-api-org': ApiHeaders.properties['x-api-org'],
  'if-match': Type.Optional(
    Type.String({ description: 'The ETag from GET /notes/{id}; 412 when the note changed' }),
  ),
});

export interface NoteRoutesOptions {
  db: Db;
  config: Config;
}

export function registerNoteWriteRoutes(app: App, { db, config }: NoteRoutesOptions): void {
  const security: Array<Record<string, string[]>> = [{ bearer: [] }, { oauth2: ['crm_manage'] }];
  // Notes created at the same moment (without an Idempotency-Key) are committed together.
  const writes = new GroupCommit(db);
  const document = (note: NoteTable) => ({
    data: noteDefinition.toResource(note as unknown as Row, config.baseUrl),
    links: { self: `${config.baseUrl}/notes/${note.id}` },
  });
  const sendNote = (reply: FastifyReply, status: number, note: NoteTable) =>
    reply.code(status).type(JSONAPI_MEDIA_TYPE).header('ETag', noteEtag(note)).send(document(note));

  app.post(
    '/notes',
    {
      config: { scope: 'crm_manage' },
      schema: {
        tags: ['Notes'],
        summary: 'Create a note',
        description: 'Attach a note to a booking, account or contact. Needs crm_manage.',
        security,
        headers: IdempotencyHeaders,
        body: CreateBody,
        response: { 201: singleDocument(NoteResource), ...errorResponses(400, 401, 403, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const auth = request.apiAuth;
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
      const key = request.headers['idempotency-key'];
      const input = {
        body: data.attributes.body,
        notableType: data.relationships.notable.data.type,
        notableId: data.relationships.notable.data.id,
      };
      if (key === undefined) {
        // The check that the notable exists and the insert are one transaction.
        const note = await writes.run((trx) => createNote(trx, auth, input));
        return sendNote(reply.header('Location', `${config.baseUrl}/notes/${note.id}`), 201, note);
      }

      const scope = `${auth.token.integrationId}:${auth.userId}:${auth.organizationId}`;
      const hash = requestHash(request.body);
      const replay = async () => {
        const stored = await findStoredResponse(db, scope, key);
        if (!stored) return undefined;
        if (stored.requestHash !== hash) {
          throw new ValidationError(
            'This Idempotency-Key was used with a different request body.',
            { header: 'Idempotency-Key' },
            'idempotency_key_reused',
          );
        }
        const body = stored.body as ReturnType<typeof document>;
        return reply
          .code(201)
          .type(JSONAPI_MEDIA_TYPE)
          .header('Idempotent-Replayed', 'true')
          .header('Location', body.links.self)
          .send(body);
      };
      const earlier = await replay();
      if (earlier) return earlier;

      // The note and the stored response commit together, so a key never records a response that
      // was rolled back, and of two racing requests with one key only one creates a note.
      const trx = await db.startTransaction().execute();
      try {
        const note = await createNote(trx, auth, input);
        const body = document(note);
        if (!(await storeResponse(trx, scope, key, { requestHash: hash, status: 201, body }))) {
          await trx.rollback().execute();
          const raced = await replay();
          if (raced) return raced;
          throw new ApiError(
            409,
            'conflict',
            'Another request with this Idempotency-Key is in progress; retry.',
          );
        }
        await trx.commit().execute();
        return sendNote(reply.header('Location', body.links.self), 201, note);
      } catch (error) {
        if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute();
        throw error;
      }
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
        security,
        headers: WriteHeaders,
        params: IdParams,
        body: UpdateBody,
        response: {
          200: singleDocument(NoteResource),
          ...errorResponses(400, 401, 403, 404, 409, 412, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { data } = request.body;
      if (data.id !== request.params.id) {
        throw new ApiError(409, 'id_mismatch', 'data.id must be the id in the URL.', { pointer: '/data/id' });
      }
      if (data.relationships?.notable !== undefined) {
        throw new ValidationError(
          'A note stays with what it was written about; notable cannot change.',
          {
            pointer: '/data/relationships/notable',
          },
          'immutable',
        );
      }
      const note = await updateNote(
        db,
        request.apiAuth,
        request.params.id,
        data.attributes?.body,
        request.headers['if-match'],
      );
      return sendNote(reply, 200, note);
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
        security,
        headers: WriteHeaders,
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409, 412, 429) },
      },
    },
    async (request, reply) => {
      await deleteNote(db, request.apiAuth, request.params.id, request.headers['if-match']);
      return reply.code(204).send(null);
    },
  );
}
