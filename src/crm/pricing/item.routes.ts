/** The venue's catalogue (SPEC §12): every member reads it, organization admins manage it. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Nullable, StringEnum } from '../../api/jsonapi.js';
import { registerReadRoutes } from '../../api/read-routes.js';
import { changes, createDocument, relatedIds, ToMany, updateDocument } from '../../api/request-documents.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { ITEM_CATEGORIES, ITEM_UNITS } from './categories.js';
import { itemDefinition } from './item.resource.js';
import {
  createItem,
  DESCRIPTION_MAX,
  deleteItem,
  type ItemInput,
  itemProblems,
  updateItem,
} from './items.js';
import { UNIT_PRICE_LIMIT } from '../money.js';

export const ItemWriteAttributes = Type.Object(
  {
    name: Type.String({ maxLength: 200, description: 'e.g. Gold dinner menu' }),
    description: Nullable(Type.String({ maxLength: DESCRIPTION_MAX }), 'As documents print it'),
    category: StringEnum(ITEM_CATEGORIES),
    unit: StringEnum(ITEM_UNITS, 'Default each'),
    unit_price: Type.Integer({
      minimum: -UNIT_PRICE_LIMIT,
      maximum: UNIT_PRICE_LIMIT,
      description: 'Minor units of the booking’s currency; negative for a discount',
    }),
    service_charge: Type.Boolean({ description: 'The organization’s service charge applies; default false' }),
    active: Type.Boolean({ description: 'Offered for new lines; default true' }),
  },
  { additionalProperties: false },
);

const ItemRelationships = Type.Optional(
  Type.Object(
    { tax_rates: Type.Optional(ToMany('tax_rates', { description: 'The tax rates it carries' })) },
    { additionalProperties: false },
  ),
);

const ItemCreateBody = createDocument('items', {
  attributes: changes(ItemWriteAttributes),
  relationships: ItemRelationships,
});
const ItemUpdateBody = updateDocument('items', {
  attributes: changes(ItemWriteAttributes),
  relationships: ItemRelationships,
});

interface ItemDocument {
  data: {
    attributes?: Omit<ItemInput, 'tax_rate_ids'> | undefined;
    relationships?: { tax_rates?: { data: ReadonlyArray<{ id: string }> } | undefined } | undefined;
  };
}

const itemInput = ({ data }: ItemDocument): ItemInput => ({
  ...data.attributes,
  tax_rate_ids: relatedIds(data.relationships?.tax_rates),
});

export const itemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, itemDefinition);
  registerWriteRoutes(app, {
    definition: itemDefinition,
    createBody: ItemCreateBody,
    updateBody: ItemUpdateBody,
    rules: {
      create: 'A name, a category and a unit price; the tax rates are the organization’s.',
      update: 'Lines already made keep what they copied from the item.',
      remove: 'Lines already made keep what they copied from the item.',
    },
    create: { command: createItem, input: itemInput, problems: itemProblems },
    update: { command: updateItem, input: itemInput, problems: itemProblems },
    remove: deleteItem,
  });
};
