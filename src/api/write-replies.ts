/** Replies of the write routes: the resource as a document with its ETag, and 201s with Location. */
import type { FastifyReply } from 'fastify';
import { etagOf } from './etag.js';
import type { IdempotentOutcome } from '../writes/idempotency.js';
import { JSONAPI_MEDIA_TYPE, type Resource } from './jsonapi.js';

export interface SingleResourceDocument {
  data: Resource;
  links: { self: string };
}

export function resourceDocument(resource: Resource): SingleResourceDocument {
  return { data: resource, links: { self: resource.links?.self ?? '' } };
}

/** The ETag GET of the resource alone would send. */
export function resourceEtag(resource: Resource): string {
  return etagOf([{ type: resource.type, id: resource.id, updatedAt: resource.attributes.updated_at }]);
}

export function sendResource(reply: FastifyReply, status: number, document: SingleResourceDocument) {
  return reply
    .code(status)
    .type(JSONAPI_MEDIA_TYPE)
    .header('ETag', resourceEtag(document.data))
    .send(document);
}

/** A create's reply: 201 with Location, marked when it replays an earlier request's response. */
export function sendCreated(reply: FastifyReply, outcome: IdempotentOutcome<SingleResourceDocument>) {
  reply.header('Location', outcome.body.links.self);
  if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
  return sendResource(reply, outcome.status, outcome.body);
}
