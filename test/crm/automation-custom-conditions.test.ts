/**
 * An automation's condition on a custom field of bookings (SPEC §18, §19): ≥ and ≤ accepted on a
 * custom field and holding where its value orders (a number, money in minor units, a date), a
 * multi-select holding when any of its values does, the operators an editor offers by type, and
 * the condition said in words with the field's label and an option's label.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { customConditionOps, meetsConditions } from '../../src/crm/automations/automation-conditions.js';
import { readConditions } from '../../src/crm/automations/automation-shapes.js';
import { automationSummary } from '../../src/crm/automations/automation-summary.js';
import { declarationOf, fieldWordsByKey } from '../../src/crm/custom-fields/index.js';
import type { CustomFieldDefinition } from '../../src/crm/custom-field-definitions/index.js';
import { Problems } from '../../src/crm/validation.js';

const booking = (custom: object) => ({
  status: 'lead',
  event_type: null,
  source: null,
  guest_count: null,
  stage_id: null,
  custom_fields: JSON.stringify(custom),
});

const definition = (
  key: string,
  label: string,
  fieldType: string,
  options: object[] = [],
): CustomFieldDefinition =>
  ({
    id: `cf_${key}`,
    organizationId: 'org_1',
    recordType: 'bookings',
    key,
    label,
    fieldType,
    options,
    required: false,
    helpText: null,
    position: 0,
    onInquiryForm: false,
    archived: false,
    createdAt: '',
    updatedAt: '',
  }) as CustomFieldDefinition;

it('accepts ≥ and ≤ on a custom field, as on the guest count, and no other new operator', () => {
  const problems = new Problems();
  const read = readConditions(
    [
      { field: 'custom_fields.budget', op: 'gteq', value: 1000 },
      { field: 'custom_fields.decided_on', op: 'lteq', value: '2027-01-31' },
      { field: 'custom_fields.how_heard', op: 'contains', value: 'w' },
      { field: 'source', op: 'gteq', value: 'web' },
    ],
    problems,
  );
  assert.deepEqual(
    read.map((c) => c.op),
    ['gteq', 'lteq'],
  );
  assert.deepEqual(
    problems.list.map((p) => p.field),
    ['conditions/2/op', 'conditions/3/op'],
  );
});

it('orders numbers, money and dates, matches a multi-select by any value, and nothing else orders', () => {
  const at = (op: 'gteq' | 'lteq', field: string, value: unknown, custom: object) =>
    meetsConditions(booking(custom), [{ field: `custom_fields.${field}`, op, value }]);
  assert.equal(at('gteq', 'budget', 1000, { budget: 1250.5 }), true);
  assert.equal(at('gteq', 'budget', '1000', { budget: 999 }), false, 'a decimal string compares as a number');
  assert.equal(at('lteq', 'deposit', 50_000, { deposit: 50_000 }), true);
  assert.equal(at('lteq', 'decided_on', '2027-01-31', { decided_on: '2027-01-30' }), true);
  assert.equal(at('gteq', 'decided_on', '2027-01-31', { decided_on: '2027-01-30' }), false);
  assert.equal(at('gteq', 'budget', 1, {}), false, 'an unset value is neither more nor less');
  assert.equal(at('gteq', 'planner', 'a', { planner: 'Zoe' }), false, 'text does not order');
  const diets = (op: 'eq' | 'not_eq' | 'in', value: unknown) =>
    meetsConditions(booking({ diets: ['vegan', 'halal'] }), [{ field: 'custom_fields.diets', op, value }]);
  assert.equal(diets('eq', 'HALAL'), true);
  assert.equal(diets('not_eq', 'halal'), false);
  assert.equal(diets('in', ['kosher', 'vegan']), true);
  assert.equal(diets('eq', 'kosher'), false);
});

it('offers an editor the operators of each type', () => {
  assert.deepEqual(customConditionOps('money'), ['eq', 'not_eq', 'in', 'gteq', 'lteq']);
  assert.deepEqual(customConditionOps('date'), ['eq', 'not_eq', 'in', 'gteq', 'lteq']);
  assert.deepEqual(customConditionOps('select'), ['eq', 'not_eq', 'in']);
  assert.deepEqual(customConditionOps('text'), ['eq', 'not_eq', 'in']);
});

it('says a condition on a custom field with its label and its value in words', () => {
  const fields = [
    definition('how_heard', 'How they heard', 'select', [
      { value: 'web', label: 'Website' },
      { value: 'friend', label: 'A friend' },
    ]),
    definition('deposit', 'Deposit held', 'money'),
  ].map(declarationOf);
  const summary = automationSummary(
    {
      trigger: { type: 'inquiry.received' },
      conditions: [
        { field: 'custom_fields.how_heard', op: 'in', value: ['web', 'friend'] },
        { field: 'custom_fields.deposit', op: 'gteq', value: 50_000 },
        { field: 'custom_fields.gone', op: 'eq', value: 'x' },
      ],
      steps: [],
      exitOn: [],
    },
    { customField: fieldWordsByKey(fields, 'GBP', 'en-GB') },
  );
  assert.equal(
    summary,
    'When an inquiry arrives, if “How they heard” is Website or A friend, “Deposit held” is at least £500.00, and gone is x: nothing.',
  );
});
