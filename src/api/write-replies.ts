/** Replies of the write routes: the resource as a document with its ETag, and 201s with Location. */
import type { FastifyReply } from 'fastify';
import { etagOf } from '../crm/data/etag.js';
import type { IdempotentOutcome } from '../writes/idempotency.js';
import { JSONAPI_MEDIA_TYPE, type Resource } from './jsonapi.js';

export interface SingleResourceDocument {
  data: Resource;
  links: { self: string };
}

export function resourceDocument(resource: Resource): SingleResourceDocument {
  return { data: resource, links: { self: resource.links?.self ?? '' } };
}

/**
 * The ETag GET of the resource alone would send; `derived` names the attributes it shows of
 * other rows (ResourceDefinition.derived), which the tag covers too.
 */
export function resourceEtag(resource: Resource, derived?: readonly string[]): string {
  const shown = derived && JSON.stringify(derived.map((name) => resource.attributes[name]));
  return etagOf(
    [{ type: resource.type, id: resource.id, updatedAt: resource.attributes.updated_at }],
    undefined,
    shown,
  );
}

export function sendResource(
  reply: FastifyReply,
  status: number,
  document: SingleResourceDocument,
  derived?: readonly string[],
) {
  return reply
    .code(status)
    .type(JSONAPI_MEDIA_TYPE)
    .header('ETag', resourceEtag(document.data, derived))
    .send(document);
}

/** A create's reply: 201 with Location, marked when it replays an earlier request's response. */
export function sendCreated(
  reply: FastifyReply,
  outcome: IdempotentOutcome<SingleResourceDocument>,
  derived?: readonly string[],
) {
  reply.header('Location', outcome.body.links.self);
  if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
  return sendResource(reply, outcome.status, outcome.body, derived);
}
