/**
 * A booking's fields at every door (docs/decisions/0017-faces-codecs-and-fields.md): the CSV's
 * columns, the documents' merge fields, the assistant's view, the rules' stored value, the forms
 * and the demo render from the declarations, so a field declared with nothing more (here a
 * `referrer`, as a venue's release would add it) is at each of them with no line of door code; and
 * what each door shows of the fields declared so far stays exactly as it was.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BOOKING_FIELDS, type BookingRow, BookingWriteAttributes } from '../../src/crm/bookings/index.js';
import { encodeStored, nullColumns } from '../../src/crm/data/field-codec.js';
import { defineFields, field } from '../../src/crm/data/fields.js';
import { bookingFieldWords, fieldWords, sampleWords } from '../../src/crm/documents/merge-fields.js';
import { SAMPLE_MERGE_DATA } from '../../src/crm/documents/sample-merge-data.js';
import { givenValues, plainFields } from '../../src/crm/given-values.js';
import { Problems } from '../../src/crm/validation.js';
import { CSV_SHAPES, shapeOf } from '../../src/csv/columns.js';
import { BookingSummary } from '../../src/mcp/booking-summary.js';
import { fieldSchemas, fieldValues } from '../../src/mcp/field-values.js';
import { html } from '../../src/web/html.js';
import {
  declaredFacts,
  declaredInput,
  declaredInputs,
  declaredOnForm,
  declaredTexts,
} from '../../src/web/workspace/bookings/booking-fields.view.js';
import { BOOKING_LABELS, DECLARED } from '../../src/web/workspace/bookings/booking-form.page.js';

/** The bookings' fields with one more, declared as a release would declare it. */
const WITH_REFERRER = defineFields({
  ...BOOKING_FIELDS,
  referrer: field('text', 'Referrer', {
    nullable: true,
    writable: true,
    form: true,
    limits: { maxLength: 2000 },
  }),
});
const REQUIRED = CSV_SHAPES.bookings.required;
const READING = { currency: 'USD', zone: 'UTC', locale: 'en-US' };

describe('the doors as the fields declared so far make them', () => {
  it('writes the CSV columns bookings always had, in their order', () => {
    assert.deepEqual(CSV_SHAPES.bookings.columns, [
      ...['id', 'reference', 'name', 'status', 'start_at', 'end_at', 'timezone', 'guest_count'],
      ...['event_type', 'currency', 'total_amount', 'total_amount_formatted', 'lost_reason'],
      ...['account_id', 'account_name', 'contact_id', 'contact_email', 'owner_id', 'owner_email'],
      ...['space_ids', 'stage_id', 'stage_name', 'referral_source_id', 'referral_source_name'],
      ...['room_names', 'created_at', 'updated_at'],
    ]);
    assert.deepEqual(CSV_SHAPES.bookings.amounts, ['total_amount']);
    assert.deepEqual(
      CSV_SHAPES.bookings.writable,
      CSV_SHAPES.bookings.columns.filter(
        (c) =>
          !['id', 'reference', 'total_amount_formatted', 'room_names', 'created_at', 'updated_at'].includes(
            c,
          ),
      ),
    );
  });

  it('takes the write attributes in the order the API always documented', () => {
    assert.deepEqual(Object.keys(BookingWriteAttributes.properties), [
      ...['name', 'status', 'start_at', 'end_at', 'start_date', 'end_date', 'timezone', 'guest_count'],
      ...['event_type', 'currency', 'total_amount', 'fnb_minimum', 'lost_reason', 'contact'],
      ...['custom_fields', 'stage_id', 'referral_source_id'],
    ]);
  });

  it('merges and shows the assistant what it always did, and no field more', () => {
    assert.deepEqual(Object.keys(SAMPLE_MERGE_DATA.booking), [
      ...['name', 'reference', 'status', 'event_type', 'guests', 'first_day', 'last_day', 'currency'],
      ...['manager', 'custom', 'custom_fields'],
    ]);
    assert.deepEqual(Object.keys(BookingSummary.shape), [
      ...['id', 'reference', 'name', 'status', 'start_at', 'end_at', 'timezone', 'account_name'],
      ...['guest_count', 'grand_total', 'balance_due', 'currency', 'url', 'custom_fields'],
    ]);
    assert.deepEqual(bookingFieldWords({}, SAMPLE_MERGE_DATA.booking, READING), {});
  });

  it('lays out every field of the booking form its own way so far', () => {
    assert.deepEqual(DECLARED, []);
    assert.deepEqual(plainFields(BOOKING_FIELDS, Object.keys(BOOKING_LABELS).concat('lost_reason')), [
      BOOKING_FIELDS.fnb_minimum,
    ]);
  });
});

describe('a field declared with nothing more', () => {
  it('is a column of the CSV export and import, after the others written', () => {
    const shape = shapeOf(WITH_REFERRER, REQUIRED);
    assert.deepEqual(shape.columns, [
      ...CSV_SHAPES.bookings.columns.slice(0, -3),
      'referrer',
      'room_names',
      'created_at',
      'updated_at',
    ]);
    assert.ok(shape.writable.includes('referrer'));
  });

  it('is merged as {{ booking.referrer }}, in the documents and in the sample', () => {
    const made = { name: 'x', currency: 'USD' };
    const words = fieldWords(WITH_REFERRER, { referrer: 'A friend', reference: 'BK-1' }, made, READING);
    assert.equal(words.referrer, 'A friend');
    assert.equal(fieldWords(WITH_REFERRER, { referrer: null }, made, READING).referrer, '');
    assert.equal(sampleWords(WITH_REFERRER, SAMPLE_MERGE_DATA.booking).referrer, 'Referrer');
    assert.deepEqual(Object.keys(sampleWords(WITH_REFERRER, SAMPLE_MERGE_DATA.booking)), ['referrer']);
  });

  it('is shown to the assistant, marked as text anyone may have written', () => {
    const shown = BookingSummary.shape;
    assert.deepEqual(Object.keys(fieldSchemas(WITH_REFERRER, shown)), ['referrer']);
    assert.deepEqual(fieldValues(WITH_REFERRER, { referrer: 'A friend' }, shown), {
      referrer: { untrusted_text: 'A friend' },
    });
    assert.deepEqual(fieldValues(WITH_REFERRER, { referrer: null }, shown), { referrer: null });
  });

  it('is judged by its declaration and stored by the codec, by the rules', () => {
    const plain = plainFields(
      WITH_REFERRER,
      Object.keys(BOOKING_LABELS).concat('lost_reason', 'fnb_minimum'),
    );
    assert.deepEqual(
      plain.map((f) => f.name),
      ['referrer'],
    );
    const problems = new Problems();
    const current = { referrer: 'Old' } as unknown as BookingRow;
    assert.deepEqual(givenValues(plain, { referrer: '  A friend ' }, current, problems), {
      referrer: 'A friend',
    });
    assert.deepEqual(givenValues(plain, {}, current, problems), { referrer: 'Old' });
    assert.deepEqual(givenValues(plain, {}, undefined, problems), { referrer: null });
    assert.deepEqual(givenValues(plain, { referrer: '   ' }, current, problems), { referrer: null });
    assert.equal(problems.list.length, 0);
    const long = new Problems();
    givenValues(plain, { referrer: 'x'.repeat(2001) }, undefined, long);
    assert.deepEqual(
      long.list.map((p) => [p.source?.pointer, p.code]),
      [['/data/attributes/referrer', 'too_long']],
    );
    const lines = new Problems();
    givenValues(plain, { referrer: 'two\nlines' }, undefined, lines);
    assert.equal(lines.list[0]?.code, 'control_character');
    assert.deepEqual(encodeStored(WITH_REFERRER, { referrer: 'A friend' }), { referrer: 'A friend' });
  });

  it('is on the booking form and its page when declared for the forms', () => {
    const onForm = declaredOnForm(Object.keys(BOOKING_LABELS), WITH_REFERRER);
    assert.deepEqual(
      onForm.map((f) => f.name),
      ['referrer'],
    );
    const inputs = String(declaredInputs(onForm, { referrer: 'A friend' }, {}));
    assert.match(inputs, /name="referrer"/);
    assert.match(inputs, /value="A friend"/);
    assert.match(inputs, /maxlength="2000"/);
    const errors = {};
    assert.deepEqual(declaredInput(onForm, { referrer: 'A friend' }, errors), { referrer: 'A friend' });
    const row = { referrer: 'A friend' } as unknown as BookingRow;
    assert.deepEqual(declaredTexts(onForm, row), { referrer: 'A friend' });
    assert.deepEqual(declaredFacts(onForm, row, (label, value) => html`${label}: ${value}`).map(String), [
      'Referrer: A friend',
    ]);
  });

  it('is null in the demo’s bookings when it may be', () => {
    const nulls = nullColumns(WITH_REFERRER) as Record<string, null>;
    assert.equal(nulls.referrer, null);
    assert.ok(!('name' in nulls));
  });
});
