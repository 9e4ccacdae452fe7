/**
 * A contact's fields at every door (docs/decisions/0017-faces-codecs-and-fields.md): the CSV's
 * columns, the documents' merge fields, the rules' stored value, the form and the page render
 * from the declarations, so a field declared with nothing more (here `pronouns`, as a release
 * would add one) is at each of them with no line of door code; and what each door shows of the
 * fields declared so far stays exactly as it was.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONTACT_FIELDS } from '../../src/crm/contacts/index.js';
import { encodeStored, nullColumns } from '../../src/crm/data/field-codec.js';
import { defineFields, field } from '../../src/crm/data/fields.js';
import { sampleWords, valueWords } from '../../src/crm/documents/merge-fields.js';
import { SAMPLE_MERGE_DATA } from '../../src/crm/documents/sample-merge-data.js';
import { givenChanges, plainFields } from '../../src/crm/given-values.js';
import { Problems } from '../../src/crm/validation.js';
import { CSV_SHAPES, shapeOf } from '../../src/csv/columns.js';
import { html } from '../../src/web/html.js';
import { CONTACT_LABELS, DECLARED, LAID_OUT } from '../../src/web/workspace/contacts/contacts.page.js';
import {
  fieldFacts,
  fieldInput,
  fieldInputs,
  fieldsOnForm,
  fieldTexts,
} from '../../src/web/workspace/forms/declared-fields.view.js';

/** The contacts' fields with one more, declared as a release would declare it. */
const WITH_ONE_MORE = defineFields({
  ...CONTACT_FIELDS,
  pronouns: field('text', 'Pronouns', {
    nullable: true,
    writable: true,
    form: true,
    limits: { maxLength: 40 },
  }),
});
const READING = { currency: 'USD', zone: 'UTC', locale: 'en-US' };
/** What the documents make of a contact their own way (merge-data.ts). */
const MADE = { name: 'Ama Mensah', first_name: 'Ama', last_name: 'Mensah', email: '', phone: '', title: '' };
/** The attributes the contact's rules judge by name (contact-rules.ts). */
const RULED = ['first_name', 'last_name', 'email'];

describe('the contact doors keep what they showed of the fields declared so far', () => {
  it('writes the CSV columns contacts always had, in their order', () => {
    const written = ['first_name', 'last_name', 'email', 'phone', 'title', 'account_id', 'account_name'];
    assert.deepEqual(CSV_SHAPES.contacts.columns, ['id', ...written, 'created_at', 'updated_at']);
    assert.deepEqual(CSV_SHAPES.contacts.writable, written);
    assert.deepEqual(CSV_SHAPES.contacts.required, [['first_name', 'last_name']]);
    assert.deepEqual(CSV_SHAPES.contacts.amounts, []);
  });

  it('merges what it always did, each other name a field declared for it', () => {
    const merged = ['name', 'first_name', 'last_name', 'email', 'phone', 'title', 'custom', 'custom_fields'];
    assert.deepEqual(Object.keys(SAMPLE_MERGE_DATA.contact), merged);
    assert.deepEqual(Object.keys(sampleWords(CONTACT_FIELDS, MADE)), []);
  });

  it('lays out every field of the form its own way, and the account by its own input', () => {
    assert.deepEqual(DECLARED, []);
    assert.deepEqual(Object.keys(CONTACT_LABELS), [...LAID_OUT, 'account']);
  });
});

describe('a contact field declared with nothing more', () => {
  it('is a column of the CSV export and import, after the others written', () => {
    const shape = shapeOf(WITH_ONE_MORE, [['first_name', 'last_name']]);
    assert.deepEqual(shape.columns, [
      ...CSV_SHAPES.contacts.columns.slice(0, -2),
      'pronouns',
      'created_at',
      'updated_at',
    ]);
    assert.deepEqual(shape.writable, [...CSV_SHAPES.contacts.writable, 'pronouns']);
    const read = { first_name: 'x', last_name: '', email: null };
    assert.deepEqual(
      plainFields(WITH_ONE_MORE, Object.keys(read))
        .filter((f) => f.csv)
        .map((f) => f.name),
      ['phone', 'title', 'pronouns'],
    );
  });

  it('is merged as {{ contact.pronouns }}, in the documents and in the sample', () => {
    assert.equal(valueWords(WITH_ONE_MORE, { pronouns: 'she/her' }, MADE, READING).pronouns, 'she/her');
    assert.equal(valueWords(WITH_ONE_MORE, { pronouns: null }, MADE, READING).pronouns, '');
    assert.equal(valueWords(WITH_ONE_MORE, undefined, MADE, READING).pronouns, '');
    assert.deepEqual(Object.keys(valueWords(WITH_ONE_MORE, {}, MADE, READING)), ['pronouns']);
    assert.deepEqual(sampleWords(WITH_ONE_MORE, MADE), { pronouns: 'Pronouns' });
  });

  it('is judged by its declaration and stored by the codec, by the rules', () => {
    const plain = plainFields(WITH_ONE_MORE, RULED);
    assert.deepEqual(
      plain.map((f) => f.name),
      ['phone', 'title', 'pronouns'],
    );
    const mine = plain.filter((f) => f.name === 'pronouns');
    const problems = new Problems();
    assert.deepEqual(givenChanges(mine, { pronouns: ' she/her ' }, false, problems), { pronouns: 'she/her' });
    assert.deepEqual(givenChanges(mine, {}, false, problems), {});
    assert.deepEqual(givenChanges(mine, {}, true, problems), { pronouns: null });
    assert.equal(problems.list.length, 0);
    const lines = new Problems();
    givenChanges(mine, { pronouns: 'two\nlines' }, true, lines);
    assert.deepEqual(
      lines.list.map((p) => [p.source?.pointer, p.code]),
      [['/data/attributes/pronouns', 'control_character']],
    );
    assert.deepEqual(encodeStored(WITH_ONE_MORE, { pronouns: 'she/her' }), { pronouns: 'she/her' });
    assert.equal((nullColumns(WITH_ONE_MORE) as Record<string, null>).pronouns, null);
  });

  it('is on the contact form and its page when declared for the forms', () => {
    const onForm = fieldsOnForm(WITH_ONE_MORE, LAID_OUT);
    assert.deepEqual(
      onForm.map((f) => f.name),
      ['pronouns'],
    );
    const inputs = String(fieldInputs(onForm, { pronouns: 'she/her' }, {}));
    assert.match(inputs, /name="pronouns"/);
    assert.match(inputs, /value="she\/her"/);
    assert.match(inputs, /maxlength="40"/);
    assert.deepEqual(fieldInput(onForm, { pronouns: 'she/her' }), { pronouns: 'she/her' });
    assert.deepEqual(fieldTexts(onForm, { pronouns: 'she/her' }), { pronouns: 'she/her' });
    const facts = fieldFacts(onForm, { pronouns: 'she/her' }, (label, value) => html`${label}: ${value}`);
    assert.deepEqual(facts.map(String), ['Pronouns: she/her']);
  });
});
