/** A booking's line items (SPEC §12): members with crm_manage write them, every member reads them. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Nullable, StringEnum } from '../../api/jsonapi.js';
import { registerReadRoutes } from '../../api/read-routes.js';
import {
  changes,
  createDocument,
  relatedId,
  relatedIds,
  ToMany,
  ToOne,
  updateDocument,
} from '../../api/request-documents.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { ITEM_CATEGORIES, ITEM_UNITS } from './categories.js';
import { UNIT_PRICE_LIMIT } from '../money.js';
import { lineItemDefinition } from './line-item.resource.js';
import {
  createLineItem,
  deleteLineItem,
  type LineItemInput,
  lineItemProblems,
  updateLineItem,
} from './line-items.js';

const LineItemWriteAttributes = Type.Object(
  {
    name: Type.String({ maxLength: 200, description: 'Default: the item’s' }),
    description: Nullable(Type.String({ maxLength: 4000 }), 'Default: the item’s'),
    category: StringEnum(ITEM_CATEGORIES, 'Default: the item’s'),
    unit: StringEnum(ITEM_UNITS, 'Default: the item’s, else each'),
    quantity: Nullable(
      Type.String({ maxLength: 20 }),
      'A decimal > 0, at most three decimals; left out (or null) on a per-person line: its event’s guaranteed count, else its guest count; else 1',
    ),
    unit_price: Type.Integer({
      minimum: -UNIT_PRICE_LIMIT,
      maximum: UNIT_PRICE_LIMIT,
      description: 'Minor units of the booking’s currency; negative for a discount. Default: the item’s',
    }),
    service_charge: Type.Boolean({
      description: 'The service charge applies. Default: the item’s, else false',
    }),
    position: Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Default: after the last' }),
  },
  { additionalProperties: false },
);

const TaxRates = ToMany('tax_rates', { description: 'Copied as they are now. Default: the item’s' });
const Event = ToOne('events', { nullable: true, description: 'One of its booking’s events, or none' });

const LineItemCreateBody = createDocument('line_items', {
  attributes: changes(LineItemWriteAttributes),
  relationships: Type.Object(
    {
      booking: ToOne('bookings', { description: 'Required' }),
      event: Type.Optional(Event),
      item: Type.Optional(ToOne('items', { description: 'A catalogue item to copy' })),
      tax_rates: Type.Optional(TaxRates),
    },
    { additionalProperties: false },
  ),
});
const LineItemUpdateBody = updateDocument('line_items', {
  attributes: changes(LineItemWriteAttributes),
  relationships: Type.Optional(
    Type.Object(
      { event: Type.Optional(Event), tax_rates: Type.Optional(TaxRates) },
      { additionalProperties: false },
    ),
  ),
});

type Linkage = { data: { id: string } | null } | undefined;
interface LineItemDocument {
  data: {
    attributes?: Omit<LineItemInput, 'bookingId' | 'eventId' | 'itemId' | 'tax_rate_ids'> | undefined;
    relationships?:
      | {
          booking?: Linkage;
          event?: Linkage;
          item?: Linkage;
          tax_rates?: { data: ReadonlyArray<{ id: string }> } | undefined;
        }
      | undefined;
  };
}

const lineItemInput = ({ data }: LineItemDocument): LineItemInput => ({
  ...data.attributes,
  bookingId: relatedId(data.relationships?.booking) ?? undefined,
  eventId: relatedId(data.relationships?.event),
  itemId: relatedId(data.relationships?.item) ?? undefined,
  tax_rate_ids: relatedIds(data.relationships?.tax_rates),
});

export const lineItemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, lineItemDefinition);
  registerWriteRoutes(app, {
    definition: lineItemDefinition,
    createBody: LineItemCreateBody,
    updateBody: LineItemUpdateBody,
    rules: {
      create:
        'Of a booking of the organization, and of one of its events or none. From an item it copies the item’s name, description, category, unit, price, service charge and tax rates as they are now; what is given wins. Its booking’s sums follow; a line that would take its grand total below zero is a 422 negative_total on unit_price (or quantity).',
      update:
        'Its figures are computed again; its booking’s sums follow, never below a grand total of zero (422 negative_total).',
      remove:
        'Its booking’s sums follow; refused (422 negative_total) when the grand total left would be below zero.',
    },
    create: { command: createLineItem, input: lineItemInput, problems: lineItemProblems },
    update: { command: updateLineItem, input: lineItemInput, problems: lineItemProblems },
    remove: deleteLineItem,
  });
};
