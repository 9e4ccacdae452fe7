/**
 * The automation editor of Settings → Automations (SPEC §18, §19) over real HTTP, signed in, on
 * both databases: no JSON anywhere; a condition row added on a custom field offers the operators
 * its type takes (a select's options to tick, a number's ≥ and ≤); an automation made with a
 * trigger counted in days, conditions on a custom select, a custom number and the guest count,
 * steps and exits is stored as the API shapes it and read back in words; edited, it is saved at
 * the version drawn (a stale form refused); a post with many bad fields shows each beside its
 * control at once, keeping what was typed, writing nothing; members are refused.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { listAutomations } from '../../src/crm/automations/index.js';
import { createCustomField } from '../../src/crm/custom-field-definitions/custom-field.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { type BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  fieldError,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

const words = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

/** The options of the select named `name`, as value=label. */
function options(body: string, name: string): string[] {
  const at = body.indexOf(`name="${name}"`);
  assert.notEqual(at, -1, `the form has ${name}`);
  const select = body.slice(at, body.indexOf('</select>', at));
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)</g)].map((m) => `${m[1]}=${m[2]}`);
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let admin: { session: BrowserSession; csrf: string };
  let templateId: string;
  const mine = async () =>
    (await listAutomations({ db: suite.db }, venue.orgId)).filter((a) => a.key === null);

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2027-06-10T12:00:00Z'));
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    const field = (input: object) =>
      write({ db: suite.db, clock: systemClock }, venue.actor, createCustomField, {
        record_type: 'bookings',
        ...input,
      });
    await field({
      key: 'diet',
      label: 'Dietary needs',
      field_type: 'select',
      options: [
        { value: 'vegan', label: 'Vegan' },
        { value: 'halal', label: 'Halal' },
      ],
    });
    await field({ key: 'budget', label: 'Budget per head', field_type: 'number' });
    templateId = (
      await suite.db
        .selectFrom('email_templates')
        .select('id')
        .where('organization_id', '=', venue.orgId)
        .orderBy('name')
        .executeTakeFirstOrThrow()
    ).id;
    admin = await workspaceSession(server, venue.admin.email, venue.orgId);
  });
  after(() => server.close());

  const action = () => `${o}/settings/automations`;

  it('draws plain controls, and a condition on a custom field offers what its type takes', async () => {
    const page = await admin.session.request(`${o}/settings/automations/new`);
    assert.equal(page.status, 200, page.body);
    assert.doesNotMatch(page.body, /\{&quot;|\{"type"|JSON|<textarea[^>]*name="(trigger|conditions|steps)"/);
    assert.ok(
      options(page.body, 'trigger_type').includes('event.upcoming=Some days before a booking’s first event'),
    );
    assert.ok(
      options(page.body, 'new_condition_field').includes('custom_fields.diet=Dietary needs (custom field)'),
    );

    const fields = {
      _csrf: admin.csrf,
      name: 'Diet check',
      trigger_type: 'event.upcoming',
      trigger_days: '14',
    };
    const one = await admin.session.request(action(), {
      form: { ...fields, do: 'add_condition', new_condition_field: 'custom_fields.diet' },
    });
    assert.equal(one.status, 200, one.body);
    assert.deepEqual(options(one.body, 'condition_0_op'), ['eq=is', 'not_eq=is not', 'in=is one of']);
    assert.match(one.body, /name="condition_0_value" value="vegan"\s*\/><span>Vegan</);
    assert.match(one.body, /name="condition_0_value" value="halal"\s*\/><span>Halal</);
    assert.match(one.body, /name="trigger_days" type="number" value="14"/, 'what was typed is kept');

    const two = await admin.session.request(action(), {
      form: {
        ...formFields(one.body, action()),
        ...fields,
        condition_0_op: 'eq',
        condition_0_value: 'vegan',
        do: 'add_condition',
        new_condition_field: 'custom_fields.budget',
      },
    });
    assert.deepEqual(options(two.body, 'condition_1_op'), [
      'eq=is',
      'not_eq=is not',
      'in=is one of',
      'gteq=is at least',
      'lteq=is at most',
    ]);
    assert.match(two.body, /name="condition_0_value" value="vegan" checked/);
    const step = await admin.session.request(action(), {
      form: { ...formFields(two.body, action()), ...fields, do: 'add_step', new_step_type: 'send_email' },
    });
    assert.ok(options(step.body, 'step_0_template').some((o) => o.startsWith(`${templateId}=`)));
    assert.deepEqual(await mine(), [], 'drawing the form again writes nothing');
  });

  const full = () => ({
    _csrf: admin.csrf,
    name: 'Diet check',
    trigger_type: 'event.upcoming',
    trigger_days: '14',
    conditions: '3',
    condition_0_field: 'custom_fields.diet',
    condition_0_op: 'eq',
    condition_0_value: 'vegan',
    condition_1_field: 'custom_fields.budget',
    condition_1_op: 'gteq',
    condition_1_value: '42,5',
    condition_2_field: 'guest_count',
    condition_2_op: 'gteq',
    condition_2_value: '50',
    steps: '3',
    step_0_type: 'wait',
    step_0_days: '2',
    step_0_at: '09:00',
    step_0_window: 'yes',
    step_1_type: 'send_email',
    step_1_template: templateId,
    step_1_to: 'client',
    step_1_approval: 'yes',
    step_2_type: 'create_task',
    step_2_title: 'Confirm the vegan menu',
    step_2_days: '1',
    step_2_assignee: 'owner',
    exit_signed: 'yes',
    exit_statuses: ['lost', 'closed'],
  });

  it('makes an automation with custom-field conditions and exits, stored as the API shapes it', async () => {
    const made = await admin.session.request(action(), { form: full() });
    assert.equal(made.status, 303, made.body);
    const [diet] = await mine();
    assert.ok(diet);
    assert.deepEqual(diet.trigger, { type: 'event.upcoming', days: 14 });
    assert.deepEqual(diet.conditions, [
      { field: 'custom_fields.diet', op: 'eq', value: 'vegan' },
      { field: 'custom_fields.budget', op: 'gteq', value: 42.5 },
      { field: 'guest_count', op: 'gteq', value: 50 },
    ]);
    assert.deepEqual(diet.steps, [
      { type: 'wait', days: 2, at: '09:00', in_sending_window: true },
      { type: 'send_email', template_id: templateId, to: 'client', requires_approval: true },
      { type: 'create_task', title: 'Confirm the vegan menu', days: 1, assignee: 'owner' },
    ]);
    assert.deepEqual(diet.exitOn, [
      { type: 'document.signed' },
      { type: 'status', value: ['lost', 'closed'] },
    ]);
    assert.equal(diet.allowReenrollment, false);

    const list = words((await admin.session.request(made.location!)).body);
    assert.match(
      list,
      /14 days before a booking’s first event, if “Dietary needs” is Vegan, “Budget per head” is at least 42\.5, and guest count is at least 50: wait 2 days/,
    );
    const page = words((await admin.session.request(`${o}/settings/automations/${diet.id}`)).body);
    assert.match(page, /Starts 14 days before a booking’s first event\./);
    assert.match(
      page,
      /Only if “Dietary needs” is Vegan “Budget per head” is at least 42\.5 Guest count is at least 50/,
    );
    assert.match(
      page,
      /Stops when A document of the booking is signed or the booking’s status becomes lost or closed\./,
    );
  });

  it('edits it, every part drawn as stored, and refuses a form drawn before the change', async () => {
    const [diet] = await mine();
    const edit = `${o}/settings/automations/${diet!.id}/edit`;
    const drawn = await admin.session.request(edit);
    assert.equal(drawn.status, 200, drawn.body);
    assert.match(drawn.body, /name="condition_0_value" value="vegan" checked/);
    assert.match(drawn.body, /name="condition_1_value" type="text" value="42.5"/);
    assert.match(drawn.body, /name="step_1_approval" value="yes" checked/);
    assert.match(drawn.body, /name="exit_statuses" value="closed" checked/);
    const kept = formFields(drawn.body, edit);
    const changed = {
      ...full(),
      ...kept,
      trigger_type: 'booking.status_changed',
      trigger_status: 'tentative',
      conditions: '1',
      condition_0_field: 'custom_fields.budget',
      condition_0_op: 'lteq',
      condition_0_value: '80',
      exit_statuses: 'lost',
      exit_writes: 'yes',
      allow_reenrollment: 'yes',
    };
    const saved = await admin.session.request(edit, { form: changed });
    assert.equal(saved.status, 303, saved.body);
    const [after] = await mine();
    assert.deepEqual(after!.trigger, { type: 'booking.status_changed', status: 'tentative' });
    assert.deepEqual(after!.conditions, [{ field: 'custom_fields.budget', op: 'lteq', value: 80 }]);
    assert.deepEqual(after!.exitOn, [
      { type: 'document.signed' },
      { type: 'message.received' },
      { type: 'status', value: ['lost'] },
    ]);
    assert.equal(after!.allowReenrollment, true);
    assert.deepEqual(after!.steps, diet!.steps);
    assert.match((await admin.session.request(saved.location!)).body, /role="status">Automation saved\./);
    const stale = await admin.session.request(edit, { form: changed });
    assert.equal(stale.status, 412, stale.body);
  });

  it('shows every bad field beside its control at once, keeping what was typed and writing nothing', async () => {
    const before = await mine();
    const refused = await admin.session.request(action(), {
      form: {
        ...full(),
        name: '',
        trigger_type: 'booking.status_changed',
        trigger_status: '',
        condition_0_value: ['vegan', 'halal'],
        condition_1_value: 'lots',
        condition_2_op: 'in',
        step_0_days: '',
        step_0_at: '',
        step_0_window: '',
        step_1_template: '',
        step_2_title: ' ',
        step_2_days: 'soon',
      },
    });
    assert.equal(refused.status, 422, refused.body);
    assert.match(fieldError(refused.body, 'name'), /Name it/);
    assert.match(fieldError(refused.body, 'trigger_status'), /Choose the status/);
    assert.match(fieldError(refused.body, 'condition_0_value'), /Tick one value, or choose “is one of”/);
    assert.match(fieldError(refused.body, 'condition_1_value'), /Give a number/);
    assert.match(fieldError(refused.body, 'condition_2_op'), /Choose how Guest count compares/);
    assert.match(fieldError(refused.body, 'step_0_days'), /Say how long to wait/);
    assert.match(fieldError(refused.body, 'step_1_template'), /Choose the e-mail template/);
    assert.match(fieldError(refused.body, 'step_2_title'), /Give the task a title/);
    assert.match(fieldError(refused.body, 'step_2_days'), /whole number of days/);
    assert.match(refused.body, /name="condition_1_value" type="text" value="lots"/);
    assert.match(refused.body, /Please correct these fields/);
    assert.deepEqual(await mine(), before, 'nothing was written');
  });

  it('refuses members the editor and its posts', async () => {
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    assert.equal((await member.session.request(`${o}/settings/automations/new`)).status, 403);
    const [diet] = await mine();
    assert.equal((await member.session.request(`${o}/settings/automations/${diet!.id}/edit`)).status, 403);
    const posted = await member.session.request(action(), { form: { ...full(), _csrf: member.csrf } });
    assert.equal(posted.status, 403);
    const redrawn = await member.session.request(action(), {
      form: { _csrf: member.csrf, do: 'add_step', new_step_type: 'wait' },
    });
    assert.equal(redrawn.status, 403);
    assert.equal((await mine()).length, 1);
  });
});
