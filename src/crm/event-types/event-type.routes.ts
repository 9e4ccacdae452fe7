/** The organization's event types (SPEC §15): everyone reads them, organization admins manage them. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { changes, createDocument, updateDocument } from '../../api/request-documents.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { eventTypeDefinition } from './event-type.resource.js';
import {
  createEventType,
  deleteEventType,
  type EventTypeInput,
  eventTypeProblems,
  updateEventType,
} from './event-types.js';

const EventTypeWriteAttributes = Type.Object(
  {
    value: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'e.g. Wedding; unique in the organization whatever its case',
    }),
  },
  { additionalProperties: false },
);

const EventTypeCreateBody = createDocument('event_types', { attributes: EventTypeWriteAttributes });
const EventTypeUpdateBody = updateDocument('event_types', {
  attributes: changes(EventTypeWriteAttributes),
});

const eventTypeInput = ({ data }: { data: { attributes?: EventTypeInput | undefined } }): EventTypeInput => ({
  value: data.attributes?.value,
});

export const eventTypeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, eventTypeDefinition);
  registerWriteRoutes(app, {
    definition: eventTypeDefinition,
    createBody: EventTypeCreateBody,
    updateBody: EventTypeUpdateBody,
    rules: {
      create:
        'A value of one line, unique in the organization whatever its case. A booking naming a new event_type adds it.',
      update: 'The events of the type show the new value at once.',
      remove: 'Refused (409 has_dependents) while events are of the type.',
    },
    create: { command: createEventType, input: eventTypeInput, problems: eventTypeProblems },
    update: { command: updateEventType, input: eventTypeInput, problems: eventTypeProblems },
    remove: deleteEventType,
  });
};
