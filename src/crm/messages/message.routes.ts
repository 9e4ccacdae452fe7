/**
 * `/v2/messages` (SPEC §17): read with crm_read — the conversation of a booking
 * (`filter[booking_id][eq]=…`) or the Inbox (`filter[booking_id][eq]=none`); `PATCH` files or
 * dismisses one with crm_manage; each attachment is a download of its own, served as
 * `Content-Disposition: attachment` with the type its bytes show and never sniffed.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type, type Static } from 'typebox';
import { errorResponses, JSONAPI_MEDIA_TYPE, singleDocument } from '../../api/jsonapi.js';
import { registerReadRoutes } from '../../api/read-routes.js';
import { relatedId, ToOne, changes, updateDocument } from '../../api/request-documents.js';
import {
  ApiHeaders,
  ChangeHeaders,
  IdParams,
  MANAGE_SECURITY,
  READ_SECURITY,
} from '../../api/route-schemas.js';
import { resourceEtag } from '../../api/write-replies.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { write } from '../../writes/unit-of-work.js';
import { updateMessage } from './message.commands.js';
import { messageDefinition, MessageResource, messageResource } from './message.resource.js';

export const MessageUpdateBody = updateDocument('messages', {
  attributes: changes(
    Type.Object(
      { dismissed: Type.Boolean({ description: 'Dismiss it from the Inbox (or bring it back)' }) },
      { additionalProperties: false },
    ),
  ),
  relationships: changes(
    Type.Object(
      {
        booking: ToOne('bookings', {
          nullable: true,
          description: 'File it on this booking; null: the Inbox',
        }),
      },
      { additionalProperties: false },
    ),
  ),
});

/** A file name safe in a Content-Disposition header, with the full name for clients that read it. */
function disposition(name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\;]/g, '_').slice(0, 200) || 'attachment';
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name.slice(0, 200))}`;
}

export const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  registerReadRoutes(app, messageDefinition);

  app.patch(
    '/v2/messages/:id',
    {
      config: { scope: 'crm_manage' },
      schema: {
        tags: ['Messages'],
        summary: 'File or dismiss a message',
        description:
          'Files a message on a booking (relationships.booking), back into the Inbox (null), or dismisses it (attributes.dismissed). Told as message.updated. Needs crm_manage. Honours If-Match.',
        security: MANAGE_SECURITY,
        headers: ChangeHeaders,
        params: IdParams,
        body: MessageUpdateBody,
        response: {
          200: singleDocument(MessageResource),
          ...errorResponses(400, 401, 403, 404, 409, 412, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const auth = request.apiAuth;
      const body = request.body as Static<typeof MessageUpdateBody>;
      if (body.data.id !== request.params.id) {
        throw new ConflictError('data.id must be the id in the URL.', 'id_mismatch', { pointer: '/data/id' });
      }
      const message = await write(request.ctx.app.writer, auth, updateMessage, {
        id: request.params.id,
        ifMatch: request.headers['if-match'],
        input: {
          bookingId: relatedId(body.data.relationships?.booking),
          dismissed: body.data.attributes?.dismissed,
        },
      });
      const resource = messageResource(message, config.baseUrl);
      return (reply as FastifyReply)
        .type(JSONAPI_MEDIA_TYPE)
        .header('ETag', resourceEtag(resource))
        .send({ data: resource, links: { self: resource.links?.self ?? '' } });
    },
  );

  app.get(
    '/v2/messages/:id/attachments/:position',
    {
      config: { scope: 'crm_read' },
      schema: {
        tags: ['Messages'],
        summary: 'Download an attachment of a message',
        description:
          'The attachment’s bytes as a download (Content-Disposition: attachment), with the content type its bytes show (application/octet-stream for anything else, and for programs). Needs crm_read.',
        security: READ_SECURITY,
        headers: ApiHeaders,
        params: Type.Object({
          id: Type.String({ maxLength: 64 }),
          position: Type.String({ pattern: '^[1-9][0-9]{0,2}$', description: '1 for the first attachment' }),
        }),
        response: { 200: Type.Any(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { id, position } = request.params;
      const row = await db
        .selectFrom('message_attachments')
        .innerJoin('messages', 'messages.id', 'message_attachments.message_id')
        .select([
          'message_attachments.name',
          'message_attachments.content_type',
          'message_attachments.content',
        ])
        .where('messages.organization_id', '=', request.apiAuth.organizationId)
        .where('messages.id', '=', id)
        .where('message_attachments.position', '=', Number(position))
        .executeTakeFirst();
      if (!row) throw new NotFoundError('This message has no such attachment.');
      return (reply as FastifyReply)
        .type(row.content_type)
        .header('Content-Disposition', disposition(row.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(row.content));
    },
  );
};
