/** The functions of a booking (SPEC §11): GET|POST /v2/events, GET|PATCH|DELETE /v2/events/{id}. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { relatedId, relatedIds } from '../../api/request-documents.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { EventCreateBody, EventUpdateBody } from './event.bodies.js';
import { createEvent, deleteEvent, type EventInput, eventProblems, updateEvent } from './event.commands.js';
import { eventDefinition } from './event.resource.js';

type EventDocument = Pick<Static<typeof EventUpdateBody>['data'], 'attributes' | 'relationships'>;

/** Marquee's names and Event Temple's (SPEC §15) into one input; event-rules.ts judges both. */
function eventInput({ data }: { data: EventDocument }): EventInput {
  const relationships = data.relationships;
  const space = relationships?.space;
  return {
    ...data.attributes,
    bookingId: relatedId(relationships?.booking) ?? undefined,
    spaceIds:
      relationships?.spaces || !space ? relatedIds(relationships?.spaces) : space.data ? [space.data.id] : [],
    eventTypeId: relatedId(relationships?.event_type),
  };
}

export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, eventDefinition);
  registerWriteRoutes(app, {
    definition: eventDefinition,
    createBody: EventCreateBody,
    updateBody: EventUpdateBody,
    rules: {
      create:
        "Its booking (required) and spaces must be the organization's; a start before its end, at most 31 days apart; setup and teardown 0–1440 minutes; its guests fit each space for its setup style. An event of a definite booking that would occupy a space (with setup and teardown, through combined spaces and their parts) that another definite booking's event occupies then is a 409 space_conflict. Its booking's times, spaces and guests follow.",
      update:
        "An event stays with its booking. The rules of a create apply to what changes. Per-person lines that take its guests follow them; a count that would take the booking's grand total below zero is a 422 negative_total.",
      remove:
        "A booking's last event cannot be deleted (409 last_event); its notes and lines go with it, unless that would leave the booking's grand total below zero (422 negative_total).",
    },
    create: { command: createEvent, input: eventInput, problems: eventProblems },
    update: { command: updateEvent, input: eventInput, problems: eventProblems },
    remove: deleteEvent,
  });
};
