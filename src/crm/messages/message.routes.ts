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
import { createDocument, relatedId, ToOne, changes, updateDocument } from '../../api/request-documents.js';
import {
  ApiHeaders,
  ChangeHeaders,
  CreateHeaders,
  IdParams,
  MANAGE_SECURITY,
  READ_SECURITY,
} from '../../api/route-schemas.js';
import { idempotencyScope } from '../../api/api-auth.js';
import { resourceEtag } from '../../api/write-replies.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { write, writeCreate } from '../../writes/unit-of-work.js';
import { attachmentDownload } from './attachment-download.js';
import { ATTACHED_DOCUMENTS_LIMIT } from './message-composing.js';
import { sendMessage } from './message-sending.js';
import { templatedMessage } from './message-templates.js';
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

const Address = Type.Union([
  Type.String({ maxLength: 254 }),
  Type.Object(
    { name: Type.Optional(Type.String({ maxLength: 200 })), email: Type.String({ maxLength: 254 }) },
    { additionalProperties: false },
  ),
]);

export const MessageCreateBody = createDocument('messages', {
  attributes: Type.Object(
    {
      subject: Type.Optional(
        Type.String({ maxLength: 1000, description: 'Required unless template_id gives it' }),
      ),
      text: Type.Optional(
        Type.String({
          maxLength: 200_000,
          description: 'Plain text; the HTML part is made from it. Required unless template_id gives it',
        }),
      ),
      template_id: Type.Optional(
        Type.String({
          maxLength: 64,
          description:
            'Write-only: an e-mail template of the organization, written for the booking, gives the subject and text not given (those given win)',
        }),
      ),
      to: Type.Optional(
        Type.Array(Address, {
          maxItems: 20,
          description: 'Default: the booking’s contact. Strings or {name, email}',
        }),
      ),
      cc: Type.Optional(Type.Array(Address, { maxItems: 20 })),
      document_ids: Type.Optional(
        Type.Array(Type.String({ maxLength: 64 }), {
          maxItems: ATTACHED_DOCUMENTS_LIMIT,
          description: 'Write-only: the booking’s documents to attach, as they were sent or issued',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  relationships: Type.Object(
    { booking: ToOne('bookings', { description: 'The booking it is about' }) },
    { additionalProperties: false },
  ),
});

export const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  registerReadRoutes(app, messageDefinition);

  app.post(
    '/v2/messages',
    {
      config: { scope: 'crm_manage', textRules: true },
      schema: {
        tags: ['Messages'],
        summary: 'Write to a client',
        description:
          'Sends a message about a booking, to its contact by default: queued with the outbox (state queued, then sent or failed, told as message.sent or message.failed), its Reply-To the booking’s conversation address so the answer files itself. It goes as one mail, with every address in its To and Cc headers. With template_id, the organization’s e-mail template written for the booking gives the subject and text not given. An organization that has already sent MAIL_PER_HOUR messages to clients in the last hour (the operator’s bound, 500 by default) is refused with 429 too_many_messages and a Retry-After. Needs crm_manage. Honours Idempotency-Key.',
        security: MANAGE_SECURITY,
        headers: CreateHeaders,
        body: MessageCreateBody,
        response: {
          201: singleDocument(MessageResource),
          ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const auth = request.apiAuth;
      const body = request.body as Static<typeof MessageCreateBody>;
      const key = request.headers['idempotency-key'];
      const { attributes } = body.data;
      const bookingId = body.data.relationships.booking.data?.id;
      const templated = await templatedMessage(app.ctx, auth.organizationId, {
        bookingId,
        templateId: attributes.template_id,
        subject: attributes.subject,
        text: attributes.text,
      });
      const input = {
        bookingId,
        subject: templated.subject,
        text: templated.text,
        problems: templated.problems,
        to: body.data.attributes.to,
        cc: body.data.attributes.cc,
        documentIds: body.data.attributes.document_ids,
        sending: config.smtpUrl !== undefined,
        mailPerHour: config.mailPerHour,
      };
      const outcome = await writeCreate<
        Parameters<typeof sendMessage.run>[1],
        Awaited<ReturnType<typeof sendMessage.run>>,
        { data: ReturnType<typeof messageResource>; links: { self: string } }
      >(
        request.ctx.app.writer,
        auth,
        sendMessage,
        input,
        (message) => {
          const resource = messageResource(message, config.baseUrl);
          return { status: 201, body: { data: resource, links: { self: resource.links?.self ?? '' } } };
        },
        {
          key:
            typeof key === 'string' ? { scope: idempotencyScope(auth), key, body: request.body } : undefined,
        },
      );
      if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
      return (reply as FastifyReply)
        .code(201)
        .type(JSONAPI_MEDIA_TYPE)
        .header('Location', outcome.body.links.self)
        .header('ETag', resourceEtag(outcome.body.data))
        .send(outcome.body);
    },
  );

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
      const download = await attachmentDownload(db, request.apiAuth.organizationId, id, Number(position));
      if (!download) throw new NotFoundError('This message has no such attachment.');
      return (reply as FastifyReply)
        .type(download.contentType)
        .headers(download.headers)
        .send(download.bytes);
    },
  );
};
