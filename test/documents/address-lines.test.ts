/**
 * A client's address on documents in its country's order: "Salem, MA 01970" and "United States"
 * for a US account, the postcode under the town in the United Kingdom, "10115 Berlin" in Germany,
 * and the country by its name in the document's locale.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { DocumentFacts } from '../../src/crm/documents/document-facts.js';
import { addressLines } from '../../src/crm/documents/merge-data.js';

type Account = NonNullable<DocumentFacts['account']>;
const account = (fields: Partial<Account>) =>
  ({
    addressLine1: null,
    addressLine2: null,
    city: null,
    region: null,
    postalCode: null,
    country: null,
    ...fields,
  }) as Account;

it('writes a US, Canadian or Australian address as "City, REGION POSTCODE"', () => {
  const salem = account({
    addressLine1: '12 Derby St',
    city: 'Salem',
    region: 'MA',
    postalCode: '01970',
    country: 'US',
  });
  assert.deepEqual(addressLines(salem, 'en-US'), ['12 Derby St', 'Salem, MA 01970', 'United States']);
  assert.deepEqual(addressLines({ ...salem, region: null }, 'en-US'), [
    '12 Derby St',
    'Salem 01970',
    'United States',
  ]);
  const toronto = account({ city: 'Toronto', region: 'ON', postalCode: 'M5V 2T6', country: 'ca' });
  assert.deepEqual(addressLines(toronto, 'en-GB'), ['Toronto, ON M5V 2T6', 'Canada']);
});

it('puts a British or Irish postcode on its own line under the town', () => {
  const london = account({
    addressLine1: '1 Mill Lane',
    city: 'London',
    postalCode: 'SE1 9PH',
    country: 'GB',
  });
  assert.deepEqual(addressLines(london, 'en-GB'), ['1 Mill Lane', 'London', 'SE1 9PH', 'United Kingdom']);
});

it('writes the postcode before the town elsewhere, and the country in the locale', () => {
  const berlin = account({
    addressLine1: 'Invalidenstraße 1',
    city: 'Berlin',
    postalCode: '10115',
    country: 'DE',
  });
  assert.deepEqual(addressLines(berlin, 'de-DE'), ['Invalidenstraße 1', '10115 Berlin', 'Deutschland']);
  assert.deepEqual(addressLines(berlin, 'en-GB'), ['Invalidenstraße 1', '10115 Berlin', 'Germany']);
  // A country written out rather than as a code is kept as written.
  assert.deepEqual(addressLines({ ...berlin, country: 'Deutschland' }, 'en-GB').at(-1), 'Deutschland');
  assert.deepEqual(addressLines(undefined, 'en-GB'), []);
});
