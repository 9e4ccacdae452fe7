/**
 * A booking's fields at every door (docs/decisions/0017-faces-codecs-and-fields.md): the CSV's
 * columns, the documents' merge fields, the assistant's view, the rules' stored value, the forms
 * and the demo render from the declarations, so a field declared with nothing more (here a
 * `tracking_note`, as a release would add one) is at each of them with no line of door code; and
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
const WITH_ONE_MORE = defineFields({
  ...BOOKING_FIELDS,
  tracking_note: field('text', 'Tracking note', {
    nullable: true,
    writable: true,
    form: true,
    limits: { maxLength: 2000 },
  }),
});
const REQUIRED = CSV_SHAPES.bookings.required;
const READING = { currency: 'USD', zone: 'UTC', locale: 'en-US' };

/** The columns, attributes or names `shown` has of those in `before`, in its order. */
const kept = (shown: readonly string[], before: readonly string[]) => shown.filter((n) => before.includes(n));

describe('the doors keep what they showed of the fields declared so far, in its order', () => {
  it('writes the CSV columns bookings always had, in their order', () => {
    const before = [
      ...['id', 'reference', 'name', 'status', 'start_at', 'end_at', 'timezone', 'guest_count'],
      ...['event_type', 'currency', 'total_amount', 'total_amount_formatted', 'lost_reason'],
      ...['account_id', 'account_name', 'contact_id', 'contact_email', 'owner_id', 'owner_email'],
      ...['space_ids', 'stage_id', 'stage_name', 'referral_source_id', 'referral_source_name'],
      ...['room_names', 'created_at', 'updated_at'],
    ];
    assert.deepEqual(kept(CSV_SHAPES.bookings.columns, before), before);
    assert.deepEqual(CSV_SHAPES.bookings.columns.slice(0, 2), ['id', 'reference']);
    assert.deepEqual(CSV_SHAPES.bookings.columns.slice(-3), ['room_names', 'created_at', 'updated_at']);
    assert.deepEqual(kept(CSV_SHAPES.bookings.amounts, ['total_amount']), ['total_amount']);
    const readOnly = ['id', 'reference', 'total_amount_formatted', 'room_names', 'created_at', 'updated_at'];
    assert.deepEqual(
      CSV_SHAPES.bookings.writable,
      CSV_SHAPES.bookings.columns.filter((c) => !readOnly.includes(c)),
    );
  });

  it('takes the write attributes in the order the API always documented', () => {
    const before = [
      ...['name', 'status', 'start_at', 'end_at', 'start_date', 'end_date', 'timezone', 'guest_count'],
      ...['event_type', 'currency', 'total_amount', 'fnb_minimum', 'lost_reason', 'contact'],
      ...['custom_fields', 'stage_id', 'referral_source_id'],
    ];
    assert.deepEqual(kept(Object.keys(BookingWriteAttributes.properties), before), before);
  });

  it('merges and shows the assistant what it always did, each other name a field declared for it', () => {
    const merged = [
      ...['name', 'reference', 'status', 'event_type', 'guests', 'first_day', 'last_day', 'currency'],
      ...['manager', 'custom', 'custom_fields'],
    ];
    const sample = Object.keys(SAMPLE_MERGE_DATA.booking);
    assert.deepEqual(kept(sample, merged), merged);
    const declared = (flag: 'merge' | 'assistant') =>
      Object.values(BOOKING_FIELDS)
        .filter((f) => f[flag])
        .map((f) => f.name);
    assert.deepEqual(
      sample.filter((n) => !merged.includes(n)),
      declared('merge').filter((n) => !merged.includes(n)),
    );
    assert.deepEqual(
      Object.keys(bookingFieldWords({}, SAMPLE_MERGE_DATA.booking, READING)),
      sample.filter((n) => !merged.includes(n)),
    );
    const assistant = [
      ...['id', 'reference', 'name', 'status', 'start_at', 'end_at', 'timezone', 'account_name'],
      ...['guest_count', 'grand_total', 'balance_due', 'currency', 'url', 'custom_fields'],
    ];
    const shown = Object.keys(BookingSummary.shape);
    assert.deepEqual(kept(shown, assistant), assistant);
    assert.deepEqual(
      shown.filter((n) => !assistant.includes(n)),
      declared('assistant').filter((n) => !assistant.includes(n)),
    );
  });

  it('lays out the booking form’s fields its own way, the others as declared', () => {
    assert.ok(DECLARED.every((f) => f.form && !(f.name in BOOKING_LABELS) && f.name !== 'lost_reason'));
    assert.ok(!DECLARED.includes(BOOKING_FIELDS.fnb_minimum), 'not on the forms');
  });
});

describe('a field declared with nothing more', () => {
  it('is a column of the CSV export and import, after the others written', () => {
    const shape = shapeOf(WITH_ONE_MORE, REQUIRED);
    assert.deepEqual(shape.columns, [
      ...CSV_SHAPES.bookings.columns.slice(0, -3),
      'tracking_note',
      'room_names',
      'created_at',
      'updated_at',
    ]);
    assert.ok(shape.writable.includes('tracking_note'));
  });

  it('is merged as {{ booking.tracking_note }}, in the documents and in the sample', () => {
    const made = { name: 'x', currency: 'USD' };
    const words = fieldWords(WITH_ONE_MORE, { tracking_note: 'A friend', reference: 'BK-1' }, made, READING);
    assert.equal(words.tracking_note, 'A friend');
    assert.equal(fieldWords(WITH_ONE_MORE, { tracking_note: null }, made, READING).tracking_note, '');
    assert.equal(sampleWords(WITH_ONE_MORE, SAMPLE_MERGE_DATA.booking).tracking_note, 'Tracking note');
    assert.deepEqual(Object.keys(sampleWords(WITH_ONE_MORE, SAMPLE_MERGE_DATA.booking)), ['tracking_note']);
  });

  it('is shown to the assistant, marked as text anyone may have written', () => {
    const shown = BookingSummary.shape;
    assert.deepEqual(Object.keys(fieldSchemas(WITH_ONE_MORE, shown)), ['tracking_note']);
    assert.deepEqual(fieldValues(WITH_ONE_MORE, { tracking_note: 'A friend' }, shown), {
      tracking_note: { untrusted_text: 'A friend' },
    });
    assert.deepEqual(fieldValues(WITH_ONE_MORE, { tracking_note: null }, shown), { tracking_note: null });
  });

  it('is judged by its declaration and stored by the codec, by the rules', () => {
    const plain = plainFields(
      WITH_ONE_MORE,
      Object.keys(BOOKING_LABELS).concat('lost_reason', 'fnb_minimum'),
    );
    assert.deepEqual(
      plain.map((f) => f.name),
      ['tracking_note'],
    );
    const problems = new Problems();
    const current = { tracking_note: 'Old' } as unknown as BookingRow;
    assert.deepEqual(givenValues(plain, { tracking_note: '  A friend ' }, current, problems), {
      trackingNote: 'A friend',
    });
    assert.deepEqual(givenValues(plain, {}, current, problems), { trackingNote: 'Old' });
    assert.deepEqual(givenValues(plain, {}, undefined, problems), { trackingNote: null });
    assert.deepEqual(givenValues(plain, { tracking_note: '   ' }, current, problems), {
      trackingNote: null,
    });
    assert.equal(problems.list.length, 0);
    const long = new Problems();
    givenValues(plain, { tracking_note: 'x'.repeat(2001) }, undefined, long);
    assert.deepEqual(
      long.list.map((p) => [p.source?.pointer, p.code]),
      [['/data/attributes/tracking_note', 'too_long']],
    );
    const lines = new Problems();
    givenValues(plain, { tracking_note: 'two\nlines' }, undefined, lines);
    assert.equal(lines.list[0]?.code, 'control_character');
    assert.deepEqual(encodeStored(WITH_ONE_MORE, { trackingNote: 'A friend' }), {
      tracking_note: 'A friend',
    });
  });

  it('is on the booking form and its page when declared for the forms', () => {
    const onForm = declaredOnForm(Object.keys(BOOKING_LABELS), WITH_ONE_MORE);
    assert.deepEqual(
      onForm.map((f) => f.name),
      ['tracking_note'],
    );
    const inputs = String(declaredInputs(onForm, { tracking_note: 'A friend' }, {}));
    assert.match(inputs, /name="tracking_note"/);
    assert.match(inputs, /value="A friend"/);
    assert.match(inputs, /maxlength="2000"/);
    const errors = {};
    assert.deepEqual(declaredInput(onForm, { tracking_note: 'A friend' }, errors), {
      tracking_note: 'A friend',
    });
    const row = { tracking_note: 'A friend' } as unknown as BookingRow;
    assert.deepEqual(declaredTexts(onForm, row), { tracking_note: 'A friend' });
    assert.deepEqual(declaredFacts(onForm, row, (label, value) => html`${label}: ${value}`).map(String), [
      'Tracking note: A friend',
    ]);
  });

  it('is null in the demo’s bookings when it may be', () => {
    const nulls = nullColumns(WITH_ONE_MORE) as Record<string, null>;
    assert.equal(nulls.tracking_note, null);
    assert.ok(!('name' in nulls));
  });
});
