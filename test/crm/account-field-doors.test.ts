/**
 * An account's fields at every door (docs/decisions/0017-faces-codecs-and-fields.md): the CSV's
 * columns, the documents' merge fields, the rules' stored value, the form and the page render
 * from the declarations, so a field declared with nothing more (here an `industry`, as a release
 * would add one) is at each of them with no line of door code; and what each door shows of the
 * fields declared so far stays exactly as it was.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACCOUNT_FIELDS } from '../../src/crm/accounts/index.js';
import { encodeStored, nullColumns } from '../../src/crm/data/field-codec.js';
import { defineFields, field } from '../../src/crm/data/fields.js';
import { sampleWords, valueWords } from '../../src/crm/documents/merge-fields.js';
import { SAMPLE_MERGE_DATA } from '../../src/crm/documents/sample-merge-data.js';
import { givenChanges, plainFields } from '../../src/crm/given-values.js';
import { Problems } from '../../src/crm/validation.js';
import { CSV_SHAPES, shapeOf } from '../../src/csv/columns.js';
import { html } from '../../src/web/html.js';
import { DECLARED, FORM_FIELDS, LAID_OUT } from '../../src/web/workspace/accounts/account-form.page.js';
import {
  fieldFacts,
  fieldInput,
  fieldInputs,
  fieldsOnForm,
  fieldTexts,
} from '../../src/web/workspace/forms/declared-fields.view.js';

/** The accounts' fields with one more, declared as a release would declare it. */
const WITH_ONE_MORE = defineFields({
  ...ACCOUNT_FIELDS,
  industry: field('text', 'Industry', {
    nullable: true,
    writable: true,
    form: true,
    limits: { maxLength: 100 },
  }),
});
const READING = { currency: 'USD', zone: 'UTC', locale: 'en-US' };
/** What the documents make of an account their own way (merge-data.ts). */
const MADE = { name: 'Acme', email: '', phone: '', address: '' };
/** The attributes the account's rules judge by name (account-rules.ts). */
const RULED = ['name', 'email', 'country'];

describe('the account doors keep what they showed of the fields declared so far', () => {
  it('writes the CSV columns accounts always had, in their order', () => {
    const written = [
      ...['name', 'email', 'phone', 'website', 'address_line1', 'address_line2', 'city', 'region'],
      ...['postal_code', 'country', 'owner_id', 'owner_email'],
    ];
    assert.deepEqual(CSV_SHAPES.accounts.columns, ['id', ...written, 'created_at', 'updated_at']);
    assert.deepEqual(CSV_SHAPES.accounts.writable, written);
    assert.deepEqual(CSV_SHAPES.accounts.required, [['name']]);
    assert.deepEqual(CSV_SHAPES.accounts.amounts, []);
  });

  it('merges what it always did, each other name a field declared for it', () => {
    const merged = ['name', 'email', 'phone', 'address', 'custom', 'custom_fields'];
    assert.deepEqual(Object.keys(SAMPLE_MERGE_DATA.account), merged);
    assert.deepEqual(Object.keys(sampleWords(ACCOUNT_FIELDS, MADE)), []);
  });

  it('lays out every field of the form its own way, and the API’s relationship by its own input', () => {
    assert.deepEqual(DECLARED, []);
    assert.deepEqual(FORM_FIELDS, [...LAID_OUT, 'owner']);
  });
});

describe('an account field declared with nothing more', () => {
  it('is a column of the CSV export and import, after the others written', () => {
    const shape = shapeOf(WITH_ONE_MORE, [['name']]);
    assert.deepEqual(shape.columns, [
      ...CSV_SHAPES.accounts.columns.slice(0, -2),
      'industry',
      'created_at',
      'updated_at',
    ]);
    assert.deepEqual(shape.writable, [...CSV_SHAPES.accounts.writable, 'industry']);
    const read = { name: 'x', email: null, country: null, ownerId: null };
    assert.deepEqual(
      plainFields(WITH_ONE_MORE, Object.keys(read))
        .filter((f) => f.csv)
        .map((f) => f.name)
        .at(-1),
      'industry',
    );
  });

  it('is merged as {{ account.industry }}, in the documents and in the sample', () => {
    assert.equal(valueWords(WITH_ONE_MORE, { industry: 'Retail' }, MADE, READING).industry, 'Retail');
    assert.equal(valueWords(WITH_ONE_MORE, { industry: null }, MADE, READING).industry, '');
    assert.equal(valueWords(WITH_ONE_MORE, undefined, MADE, READING).industry, '');
    assert.deepEqual(Object.keys(valueWords(WITH_ONE_MORE, {}, MADE, READING)), ['industry']);
    assert.deepEqual(sampleWords(WITH_ONE_MORE, MADE), { industry: 'Industry' });
  });

  it('is judged by its declaration and stored by the codec, by the rules', () => {
    const plain = plainFields(WITH_ONE_MORE, RULED);
    assert.equal(plain.at(-1)?.name, 'industry');
    const mine = plain.filter((f) => f.name === 'industry');
    const problems = new Problems();
    assert.deepEqual(givenChanges(mine, { industry: '  Retail ' }, false, problems), { industry: 'Retail' });
    assert.deepEqual(givenChanges(mine, {}, false, problems), {});
    assert.deepEqual(givenChanges(mine, {}, true, problems), { industry: null });
    assert.deepEqual(givenChanges(mine, { industry: '  ' }, false, problems), { industry: null });
    assert.equal(problems.list.length, 0);
    const long = new Problems();
    givenChanges(mine, { industry: 'x'.repeat(101) }, true, long);
    assert.deepEqual(
      long.list.map((p) => [p.source?.pointer, p.code]),
      [['/data/attributes/industry', 'too_long']],
    );
    assert.deepEqual(encodeStored(WITH_ONE_MORE, { industry: 'Retail' }), { industry: 'Retail' });
    assert.equal((nullColumns(WITH_ONE_MORE) as Record<string, null>).industry, null);
  });

  it('is on the account form and its page when declared for the forms', () => {
    const onForm = fieldsOnForm(WITH_ONE_MORE, LAID_OUT);
    assert.deepEqual(
      onForm.map((f) => f.name),
      ['industry'],
    );
    const inputs = String(fieldInputs(onForm, { industry: 'Retail' }, {}));
    assert.match(inputs, /name="industry"/);
    assert.match(inputs, /value="Retail"/);
    assert.match(inputs, /maxlength="100"/);
    assert.deepEqual(fieldInput(onForm, { industry: 'Retail' }), { industry: 'Retail' });
    assert.deepEqual(fieldTexts(onForm, { industry: 'Retail' }), { industry: 'Retail' });
    assert.deepEqual(fieldTexts(onForm, { industry: null }), { industry: '' });
    const facts = fieldFacts(onForm, { industry: 'Retail' }, (label, value) => html`${label}: ${value}`);
    assert.deepEqual(facts.map(String), ['Industry: Retail']);
  });
});
