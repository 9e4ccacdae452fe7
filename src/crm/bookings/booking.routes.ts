/** The organization's bookings: read, create, change, move through the status machine, delete. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { relatedId, relatedIds } from '../../api/request-documents.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { BookingCreateBody, BookingUpdateBody } from './booking.bodies.js';
import {
  type BookingInput,
  bookingProblems,
  createBooking,
  deleteBooking,
  updateBooking,
} from './booking.commands.js';
import { bookingDefinition } from './booking.resource.js';

type BookingDocument = Pick<Static<typeof BookingUpdateBody>['data'], 'attributes' | 'relationships'>;
/** What a document's attributes give (checked by its schema, made from the fields), as the rules take it. */
type GivenAttributes = Omit<BookingInput, 'newContact'> & { contact?: BookingInput['newContact'] };

function bookingInput({ data: { attributes, relationships } }: { data: BookingDocument }): BookingInput {
  const { contact, ...named } = (attributes ?? {}) as GivenAttributes;
  return {
    ...named,
    newContact: contact,
    accountId: relatedId(relationships?.account) ?? undefined,
    contactId: relatedId(relationships?.contact),
    ownerId: relatedId(relationships?.owner),
    spaceIds: relatedIds(relationships?.spaces),
    stageId: relatedId(relationships?.stage),
    referralSourceId: relatedId(relationships?.referral_source),
  };
}

export const bookingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, bookingDefinition);
  registerWriteRoutes(app, {
    definition: bookingDefinition,
    createBody: BookingCreateBody,
    updateBody: BookingUpdateBody,
    rules: {
      create:
        'The reference is assigned by the server. A definite booking may not hold a space another definite ' +
        'booking holds at an overlapping time (409 space_conflict).',
      update:
        'Status moves: lead → tentative | definite; tentative → definite | lead; definite → tentative | lead | ' +
        'closed; any open status → lost (with lost_reason); lost → lead. Others are 422 invalid_transition. ' +
        'Moving it to a stage that stands for a status (stage_id, or the stage relationship) is that status ' +
        'move, refused as that move would be (409 space_conflict, 422 on lost_reason, or 422 invalid_transition ' +
        'on the stage) with its stage left as it was; a status move puts it in the first stage of its ' +
        'pipeline that stands for that status, if there is one.',
      remove: 'Its notes go with it.',
    },
    create: { command: createBooking, input: bookingInput, problems: bookingProblems },
    update: { command: updateBooking, input: bookingInput, problems: bookingProblems },
    remove: deleteBooking,
  });
};
