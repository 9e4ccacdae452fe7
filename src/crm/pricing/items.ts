/**
 * The venue's catalogue (SPEC §12), written by its admins: a name of one line; a description;
 * a category and a unit; a price in minor units (negative for a discount); whether the service
 * charge applies; whether it is offered; the tax rates it carries (the organization's, each once).
 * A line copies an item when it is made, so changing or deleting an item never changes a line.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import { createCommand, deleteCommand, updateCommand } from '../record-commands.js';
import { UNIT_PRICE_LIMIT } from '../money.js';
import { type Checked, optionalText, Problems } from '../validation.js';
import type { ItemCategory, ItemUnit } from './categories.js';
import { itemDefinition } from './item.resource.js';
import type { Item } from './item.table.js';
import { checkTaxRateIds, taxRatesById } from './tax-rate-links.js';
import { ITEM_ACTIONS } from './pricing.policy.js';

export interface ItemInput {
  name?: string | undefined;
  description?: string | null | undefined;
  category?: ItemCategory | undefined;
  unit?: ItemUnit | undefined;
  unit_price?: number | undefined;
  service_charge?: boolean | undefined;
  active?: boolean | undefined;
  tax_rate_ids?: readonly string[] | undefined;
}

type ItemChanges = Partial<Omit<Item, 'id' | 'organization_id' | 'created_at' | 'updated_at'>>;

const NAME_MAX = 200;
// The API's schema holds these bounds too; the workspace's forms meet them only here.
export const DESCRIPTION_MAX = 4000;

export function checkItem(
  input: ItemInput,
  current: Item | undefined,
  facts: { taxRateIds: ReadonlySet<string> },
): Checked<ItemChanges> {
  const problems = new Problems();
  const changes: ItemChanges = {};
  if (input.name !== undefined || !current) {
    const name = input.name?.trim() ?? '';
    if (name === '') problems.attribute('name', 'An item needs a name, such as Gold dinner menu.', 'blank');
    else if (name.length > NAME_MAX)
      problems.attribute('name', `An item's name is at most ${NAME_MAX} characters long.`, 'too_long');
    problems.text('name', name, 'name');
    changes.name = name;
  }
  if (input.description !== undefined) {
    changes.description = optionalText(input.description);
    if ((changes.description?.length ?? 0) > DESCRIPTION_MAX) {
      const why = `An item's description is at most ${DESCRIPTION_MAX} characters long.`;
      problems.attribute('description', why, 'too_long');
    }
    problems.text('description', changes.description, 'lines');
  }
  if (input.category !== undefined || !current) {
    if (input.category === undefined) {
      problems.attribute('category', 'An item needs a category, such as food or rental.', 'blank');
    }
    changes.category = input.category ?? 'other';
  }
  if (input.unit !== undefined || !current) changes.unit = input.unit ?? 'each';
  if (input.unit_price !== undefined || !current) {
    if (input.unit_price === undefined) {
      problems.attribute('unit_price', 'An item needs a unit price, in minor units (0 for none).', 'blank');
    }
    changes.unit_price = input.unit_price ?? 0;
    if (Math.abs(changes.unit_price) > UNIT_PRICE_LIMIT) {
      const why = `A unit price is at most ${UNIT_PRICE_LIMIT} minor units either side of zero (a billion in a currency with cents).`;
      problems.attribute('unit_price', why, 'too_large');
    }
  }
  if (input.service_charge !== undefined || !current) changes.service_charge = input.service_charge ? 1 : 0;
  if (input.active !== undefined || !current) changes.active = input.active === false ? 0 : 1;
  if (input.tax_rate_ids !== undefined) {
    const ids = checkTaxRateIds(problems, input.tax_rate_ids, facts.taxRateIds);
    changes.tax_rate_ids = JSON.stringify(ids);
  }
  return { value: changes, problems: problems.list };
}

async function judged(db: Db | Trx, actor: Pick<Actor, 'organizationId'>, input: ItemInput, current?: Item) {
  const rates = await taxRatesById(db, actor.organizationId, input.tax_rate_ids ?? []);
  return checkItem(input, current, { taxRateIds: new Set(rates.keys()) });
}

/** Every problem of an item input, writing nothing (the API's 422). */
export async function itemProblems(
  db: Db,
  actor: Pick<Actor, 'organizationId'>,
  input: ItemInput,
  current?: Item,
) {
  return (await judged(db, actor, input, current)).problems;
}

export const createItem = createCommand<'items', ItemInput>({
  action: ITEM_ACTIONS.create,
  definition: itemDefinition,
  check: (trx, actor, input) => judged(trx, actor, input),
  values: (given) => ({
    name: given.name ?? '',
    description: given.description ?? null,
    category: given.category ?? 'other',
    unit: given.unit ?? 'each',
    unit_price: given.unit_price ?? 0,
    service_charge: given.service_charge ?? 0,
    active: given.active ?? 1,
    tax_rate_ids: given.tax_rate_ids ?? '[]',
  }),
});

export const updateItem = updateCommand<'items', ItemInput>({
  action: ITEM_ACTIONS.update,
  definition: itemDefinition,
  check: (trx, actor, input, current) => judged(trx, actor, input, current),
});

export const deleteItem = deleteCommand({
  action: ITEM_ACTIONS.delete,
  definition: itemDefinition,
});
