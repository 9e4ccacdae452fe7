/**
 * What a change means to automations (SPEC §18): the trigger and exits each change type meets,
 * nothing for the changes no automation answers, and a booking's conditions compared as said
 * (text without regard to case, guest counts as numbers, custom fields by key).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meetsConditions } from '../../src/crm/automations/automation-conditions.js';
import { exits, meets, occasionOf } from '../../src/crm/automations/automation-occasions.js';

const booking = (attributes: Record<string, unknown>) => ({ type: 'bookings', id: 'b1', attributes });
const of = (type: string, attributes: Record<string, unknown>, booking = 'b1') => ({
  type,
  id: 'x1',
  attributes,
  relationships: { booking: { data: { type: 'bookings', id: booking } } },
});

describe('occasions', () => {
  it('tells an inquiry from another new booking by its source', () => {
    const inquiry = occasionOf({ type: 'booking.created', object: booking({ source: 'inquiry_form' }) })!;
    assert.ok(meets({ type: 'inquiry.received' }, inquiry));
    assert.ok(meets({ type: 'booking.created', sources: ['inquiry_form'] }, inquiry));
    const api = occasionOf({ type: 'booking.created', object: booking({ source: 'api' }) })!;
    assert.ok(!meets({ type: 'inquiry.received' }, api));
    assert.ok(!meets({ type: 'booking.created', sources: ['inquiry_form', 'email'] }, api));
    assert.ok(meets({ type: 'booking.created' }, api));
  });

  it('meets a status trigger and a status exit by the status reached', () => {
    const moved = occasionOf({
      type: 'booking.status_changed',
      object: booking({ status: 'lost' }),
      previousAttributes: { status: 'tentative' },
    })!;
    assert.ok(meets({ type: 'booking.status_changed', status: 'lost' }, moved));
    assert.ok(!meets({ type: 'booking.status_changed', status: 'definite' }, moved));
    assert.ok(exits([{ type: 'status', value: ['lost', 'closed'] }], moved));
    assert.ok(!exits([{ type: 'status', value: ['definite'] }, { type: 'message.received' }], moved));
  });

  it('sees a stage entered only when the stage changed', () => {
    const entered = occasionOf({
      type: 'booking.updated',
      object: booking({ stage_id: 's2' }),
      previousAttributes: { stage_id: 's1' },
    })!;
    assert.ok(meets({ type: 'booking.stage_entered', stage_id: 's2' }, entered));
    assert.ok(!meets({ type: 'booking.stage_entered', stage_id: 's1' }, entered));
    const renamed = {
      type: 'booking.updated',
      object: booking({ name: 'x' }),
      previousAttributes: { name: 'y' },
    };
    assert.equal(occasionOf(renamed), undefined);
  });

  it('meets document, payment and message occasions on their booking', () => {
    const signed = occasionOf({
      type: 'document.updated',
      object: of('documents', { kind: 'proposal', status: 'signed' }),
      previousAttributes: { status: 'sent' },
    })!;
    assert.equal(signed.bookingId, 'b1');
    assert.ok(meets({ type: 'document.signed', kind: 'proposal' }, signed));
    assert.ok(!meets({ type: 'document.signed', kind: 'invoice' }, signed));
    assert.ok(exits([{ type: 'document.signed' }], signed));
    const sent = occasionOf({
      type: 'document.updated',
      object: of('documents', { kind: 'proposal', status: 'sent' }),
      previousAttributes: { status: 'draft' },
    })!;
    assert.ok(meets({ type: 'document.sent' }, sent));
    assert.ok(!exits([{ type: 'document.signed' }], sent));
    const paid = occasionOf({ type: 'payment.created', object: of('payments', { amount: 100 }) })!;
    assert.ok(meets({ type: 'payment.received' }, paid));
    const wrote = occasionOf({ type: 'message.received', object: of('messages', { direction: 'in' }) })!;
    assert.deepEqual(wrote.triggers, []);
    assert.ok(exits([{ type: 'message.received' }], wrote));
    const inbox = {
      type: 'message.received',
      object: { type: 'messages', id: 'm', relationships: { booking: { data: null } } },
    };
    assert.equal(occasionOf(inbox), undefined, 'mail in the Inbox is on no booking yet');
    assert.equal(occasionOf({ type: 'note.created', object: of('notes', {}) }), undefined);
  });
});

describe('conditions', () => {
  const facts = {
    status: 'tentative',
    event_type: 'Wedding',
    source: 'inquiry_form',
    guest_count: 120,
    stage_id: 's1',
    custom_fields: JSON.stringify({ catering: 'Vegan' }),
  };
  it('compares each field as its condition says', () => {
    assert.ok(meetsConditions(facts, []));
    assert.ok(meetsConditions(facts, [{ field: 'event_type', op: 'eq', value: 'wedding' }]));
    assert.ok(meetsConditions(facts, [{ field: 'status', op: 'in', value: ['lead', 'tentative'] }]));
    assert.ok(meetsConditions(facts, [{ field: 'guest_count', op: 'gteq', value: 120 }]));
    assert.ok(!meetsConditions(facts, [{ field: 'guest_count', op: 'lteq', value: 119 }]));
    assert.ok(meetsConditions(facts, [{ field: 'stage', op: 'not_eq', value: 's2' }]));
    assert.ok(meetsConditions(facts, [{ field: 'custom_fields.catering', op: 'eq', value: 'vegan' }]));
    assert.ok(!meetsConditions(facts, [{ field: 'custom_fields.parking', op: 'eq', value: 'yes' }]));
    assert.ok(
      !meetsConditions({ ...facts, guest_count: null }, [{ field: 'guest_count', op: 'gteq', value: 1 }]),
      'a booking without a guest count meets no bound on it',
    );
    assert.ok(
      !meetsConditions(facts, [
        { field: 'source', op: 'eq', value: 'inquiry_form' },
        { field: 'status', op: 'eq', value: 'definite' },
      ]),
      'every condition must hold',
    );
  });
});
