/**
 * Automations (SPEC §18), as the API keeps them: every member reads them and their runs,
 * organization admins write them; a new organization starts with the first three shipped ones on,
 * each sending the organization's own template of its kind; a shipped one is made by its key
 * alone, once; every bad part of a trigger, its conditions, steps and exits is refused at its
 * pointer at once, templates, stages and members of another organization too; a key never
 * changes; turning an automation off ends its waiting runs and those awaiting approval.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { isoTime } from '../../src/clock.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, memberClientToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  type Api,
  apiFor,
  changeDocument,
  created,
  type ErrorBody,
  type Many,
  pointers,
  problemsAt,
} from '../helpers/writes.js';
import { accountDocument, bookingDocument } from '../helpers/writes.js';

const automationDocument = (attributes: Record<string, unknown>) => ({
  data: { type: 'automations', attributes },
});

interface Shown {
  id: string;
  attributes: {
    key: string | null;
    name: string;
    enabled: boolean;
    trigger: { type: string };
    steps: Array<{ type: string; template_id?: string; to?: unknown; days?: number }>;
    exit_on: Array<{ type: string }>;
  };
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let member: Api;
  let reader: Api;
  let templates: Map<string, string>;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    member = apiFor(server, await memberClientToken(suite.db, server, venue), venue.orgId);
    reader = apiFor(server, await clientCredentialsToken(server, venue, 'crm_read'), venue.orgId);
    const list = await admin<Many>('/v2/email_templates?page[size]=100');
    templates = new Map(list.body.data.map((t) => [String(t.attributes.kind), t.id]));
  });
  after(() => server.close());

  it('starts a new organization with the first three shipped automations on, with its own templates', async () => {
    const list = await reader<{ data: Shown[] }>('/v2/automations?sort=created_at');
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const byKey = new Map(list.body.data.map((a) => [a.attributes.key, a]));
    assert.deepEqual([...byKey.keys()].sort(), [
      'acknowledge_inquiry',
      'confirm_signed_proposal',
      'payment_receipt',
    ]);
    for (const automation of list.body.data) assert.equal(automation.attributes.enabled, true);
    const acknowledge = byKey.get('acknowledge_inquiry')!;
    assert.equal(acknowledge.attributes.trigger.type, 'inquiry.received');
    assert.deepEqual(acknowledge.attributes.steps, [
      {
        type: 'send_email',
        template_id: templates.get('inquiry_acknowledgement'),
        to: 'client',
        requires_approval: false,
      },
    ]);
    const confirm = byKey.get('confirm_signed_proposal')!;
    assert.deepEqual(
      confirm.attributes.steps.map((s) => [s.template_id, s.to]),
      [
        [templates.get('signing_confirmation'), 'client'],
        [templates.get('signing_confirmation'), 'owner'],
      ],
    );
    assert.equal((await member(`/v2/automations/${acknowledge.id}`)).status, 200);
  });

  it('makes a shipped automation by its key alone, off, and only once', async () => {
    const made = await admin<{ data: Shown }>('/v2/automations', {
      method: 'POST',
      body: automationDocument({ key: 'proposal_follow_up' }),
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const { attributes } = made.body.data;
    assert.equal(attributes.enabled, false);
    assert.equal(attributes.name, 'Follow up a proposal');
    assert.deepEqual(attributes.trigger, { type: 'document.sent', kind: 'proposal' });
    assert.deepEqual(attributes.steps[0], { type: 'wait', days: 3, at: '09:00', in_sending_window: true });
    assert.equal(attributes.steps[1]!.template_id, templates.get('follow_up'));
    assert.deepEqual(
      attributes.exit_on.map((e) => e.type),
      ['document.signed', 'message.received', 'status'],
    );
    const again = await admin('/v2/automations', {
      method: 'POST',
      body: automationDocument({ key: 'proposal_follow_up', enabled: true }),
    });
    assert.equal(again.status, 422);
    assert.deepEqual(pointers(again.body), ['/data/attributes/key']);
    const thanks = await admin<{ data: Shown }>('/v2/automations', {
      method: 'POST',
      body: automationDocument({ key: 'thank_you', enabled: true }),
    });
    assert.equal(thanks.status, 201, JSON.stringify(thanks.body));
    assert.equal(thanks.body.data.attributes.steps[1]!.template_id, templates.get('thank_you'));
    const renamed = await admin(`/v2/automations/${made.body.data.id}`, {
      method: 'PATCH',
      body: changeDocument('automations', made.body.data.id, { key: 'thank_you' }),
    });
    assert.equal(renamed.status, 422);
    assert.deepEqual(pointers(renamed.body), ['/data/attributes/key']);
  });

  it('refuses every bad part at its pointer at once, and what belongs to another organization', async () => {
    const other = await makeVenue(suite.db);
    const theirs = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const theirTemplate = (await theirs<Many>('/v2/email_templates?page[size]=1')).body.data[0]!.id;
    const refused = await admin('/v2/automations', {
      method: 'POST',
      body: automationDocument({
        name: '',
        trigger: { type: 'event.upcoming' },
        steps: [
          { type: 'send_email', template_id: theirTemplate, to: 'client' },
          { type: 'create_task', title: 'Call', days: 2, assignee: { member_id: 'usr_nobody' } },
          { type: 'wait', at: '9am' },
        ],
        exit_on: [{ type: 'status', value: ['finished'] }],
      }),
    });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.deepEqual(pointers(refused.body).sort(), [
      '/data/attributes/exit_on/0/value',
      '/data/attributes/name',
      '/data/attributes/steps/0/template_id',
      '/data/attributes/steps/1/assignee',
      '/data/attributes/steps/2/at',
      '/data/attributes/trigger/days',
    ]);
  });

  it('refuses a custom field condition whose op its type does not take, or on an unknown or archived field', async () => {
    const field = (attributes: Record<string, unknown>) => ({
      data: { type: 'custom_fields', attributes: { record_type: 'bookings', ...attributes } },
    });
    const planner = await created(
      admin,
      '/v2/custom_fields',
      field({ key: 'planner', label: 'Planner', field_type: 'text' }),
    );
    await created(admin, '/v2/custom_fields', field({ key: 'budget', label: 'Budget', field_type: 'money' }));
    const gone = await created(
      admin,
      '/v2/custom_fields',
      field({ key: 'old_code', label: 'Old', field_type: 'text' }),
    );
    const archived = await admin(`/v2/custom_fields/${gone}`, {
      method: 'PATCH',
      body: changeDocument('custom_fields', gone, { archived: true }),
    });
    assert.equal(archived.status, 200, JSON.stringify(archived.body));
    await created(admin, '/v2/custom_fields', {
      data: {
        type: 'custom_fields',
        attributes: { record_type: 'contacts', key: 'tier', label: 'Tier', field_type: 'number' },
      },
    });
    const steps = [{ type: 'add_note', body: 'A big one.' }];
    const conditions = [
      { field: 'custom_fields.budget', op: 'gteq', value: 100_000 },
      { field: 'custom_fields.planner', op: 'gteq', value: 'M' },
      { field: 'custom_fields.planner', op: 'eq', value: 'Zoe' },
      { field: 'custom_fields.old_code', op: 'eq', value: 'A' },
      { field: 'custom_fields.nowhere', op: 'eq', value: 'A' },
      { field: 'custom_fields.tier', op: 'lteq', value: 2 },
    ];
    const refused = await admin<ErrorBody>('/v2/automations', {
      method: 'POST',
      body: automationDocument({
        name: 'Big ones',
        trigger: { type: 'inquiry.received' },
        steps,
        conditions,
      }),
    });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.deepEqual(problemsAt(refused.body), [
      ['/data/attributes/conditions/1/op', 'invalid_value'],
      ['/data/attributes/conditions/3/field', 'invalid_value'],
      ['/data/attributes/conditions/4/field', 'invalid_value'],
      ['/data/attributes/conditions/5/field', 'invalid_value'],
    ]);
    const detail = (pointer: string) =>
      refused.body.errors.find((e) => e.source?.pointer === pointer)?.detail;
    assert.match(detail('/data/attributes/conditions/1/op') ?? '', /Planner.*eq, not_eq, in/);
    assert.match(detail('/data/attributes/conditions/3/field') ?? '', /archived/);
    const made = await admin<{ data: Shown }>('/v2/automations', {
      method: 'POST',
      body: automationDocument({
        name: 'Big ones',
        trigger: { type: 'inquiry.received' },
        steps,
        conditions: [conditions[0], conditions[2]],
      }),
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const id = made.body.data.id;
    const changed = await admin<ErrorBody>(`/v2/automations/${id}`, {
      method: 'PATCH',
      body: changeDocument('automations', id, {
        conditions: [{ field: 'custom_fields.budget', op: 'in', value: [1] }, conditions[1]],
      }),
    });
    assert.equal(changed.status, 422, JSON.stringify(changed.body));
    assert.deepEqual(pointers(changed.body), ['/data/attributes/conditions/1/op']);
    // A field archived since: the automation's saved condition on it is kept through a change.
    await admin(`/v2/custom_fields/${planner}`, {
      method: 'PATCH',
      body: changeDocument('custom_fields', planner, { archived: true }),
    });
    const renamed = await admin(`/v2/automations/${id}`, {
      method: 'PATCH',
      body: changeDocument('automations', id, {
        name: 'Bigger ones',
        conditions: [conditions[0], conditions[2]],
      }),
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
  });

  it('lets only admins write, and ends waiting runs when an automation is turned off', async () => {
    const document = automationDocument({
      name: 'Nudge after a week',
      trigger: { type: 'booking.created', sources: ['inquiry_form'] },
      conditions: [{ field: 'guest_count', op: 'gteq', value: 50 }],
      steps: [
        { type: 'wait', days: 7, in_sending_window: true },
        { type: 'send_email', template_id: templates.get('general'), to: 'owner', requires_approval: true },
      ],
    });
    assert.equal((await member('/v2/automations', { method: 'POST', body: document })).status, 403);
    assert.equal((await reader('/v2/automations', { method: 'POST', body: document })).status, 403);
    const made = await admin<{ data: Shown }>('/v2/automations', { method: 'POST', body: document });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.data.attributes.enabled, true);
    const automationId = made.body.data.id;

    const account = await created(admin, '/v2/accounts', accountDocument({ name: 'Northwind' }));
    const booking = await created(
      admin,
      '/v2/bookings',
      bookingDocument(account, {
        name: 'Gala',
        start_at: '2027-06-18T17:00:00Z',
        end_at: '2027-06-18T23:00:00Z',
      }),
    );
    const at = isoTime(server.clock.now());
    for (const [n, state] of (['waiting', 'awaiting_approval', 'done'] as const).entries()) {
      await suite.db
        .insertInto('automation_runs')
        .values({
          id: `run_${state}`,
          organization_id: venue.orgId,
          automation_id: automationId,
          booking_id: booking,
          enrollment: `${automationId} ${booking} ${n}`,
          state,
          step_index: n,
          next_at: state === 'waiting' ? at : null,
          log: '[]',
          draft:
            state === 'awaiting_approval'
              ? JSON.stringify({ to: ['x@y.example'], subject: 'Hi', text: 'Hi' })
              : null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const off = await admin(`/v2/automations/${automationId}`, {
      method: 'PATCH',
      body: changeDocument('automations', automationId, { enabled: false }),
    });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    const runs = await member<{
      data: Array<{
        id: string;
        attributes: { state: string; next_at: string | null; log: Array<{ type: string }> };
      }>;
    }>(`/v2/automation_runs?filter[automation_id][eq]=${automationId}&sort=created_at`);
    assert.equal(runs.status, 200, JSON.stringify(runs.body));
    const states = Object.fromEntries(runs.body.data.map((r) => [r.id, r.attributes.state]));
    assert.deepEqual(states, { run_waiting: 'exited', run_awaiting_approval: 'exited', run_done: 'done' });
    const exited = runs.body.data.find((r) => r.id === 'run_waiting')!;
    assert.equal(exited.attributes.next_at, null);
    assert.deepEqual(
      exited.attributes.log.map((l) => l.type),
      ['exit'],
    );
    // Turning it on again revives none.
    await admin(`/v2/automations/${automationId}`, {
      method: 'PATCH',
      body: changeDocument('automations', automationId, { enabled: true }),
    });
    const still = await member<Many>(
      `/v2/automation_runs?filter[state][eq]=exited&filter[automation_id][eq]=${automationId}`,
    );
    assert.equal(still.body.data.length, 2);
    assert.equal((await admin(`/v2/automations/${automationId}`, { method: 'DELETE' })).status, 204);
    assert.equal((await member(`/v2/automation_runs/run_done`)).status, 404);
  });
});
