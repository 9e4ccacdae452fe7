/**
 * Who may act is the policy's, judged by the unit of work for every command it runs, nested ones
 * included (docs/decisions/0016-grants-and-policy.md). The table below is one table of who may do
 * what: every command the house exports, and who may run it — any staff member, only admins, a
 * client's link on its own document, the inquiry form, or any credential that may read. The test
 * proves the table is whole (a new command must be listed), then runs every command with the
 * actor of every door (pages, API tokens by scope, API keys, the assistant, a client's link, the
 * inquiry form, the server's clock, the operator) and holds each answer to the table: refused
 * before anything is read or written, or let through to the command's own rules. Composite
 * commands run their inner commands through the unit of work, so the same table holds inside them.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { createAccount, deleteAccount } from '../../src/crm/accounts/index.js';
import { DOCUMENT_ACTIONS } from '../../src/crm/documents/document.policy.js';
import { INQUIRY_ACTIONS } from '../../src/crm/inquiries/inquiry.policy.js';
import { createLead } from '../../src/crm/leads/lead.command.js';
import { createNote } from '../../src/crm/notes/note.commands.js';
import {
  type Actor,
  automationActor,
  clientActor,
  inquiryActor,
  mailboxActor,
  operatorActor,
  staffActor,
  systemActor,
} from '../../src/policy/actor.js';
import { ROLES } from '../../src/policy/roles.js';
import type { Command } from '../../src/writes/unit-of-work.js';
import { write } from '../../src/writes/unit-of-work.js';
import { countRows, eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';

type Who = 'admins' | 'members' | 'readers' | 'client' | 'form' | 'mailbox' | 'automations';

/** Each command, where it lives, and who may run it. */
const TABLE: Record<string, Who> = {
  'crm/accounts/account.commands: createAccount': 'members',
  'crm/accounts/account.commands: updateAccount': 'members',
  'crm/accounts/account.commands: deleteAccount': 'members',
  'crm/contacts/contact.commands: createContact': 'members',
  'crm/contacts/contact.commands: updateContact': 'members',
  'crm/contacts/contact.commands: deleteContact': 'members',
  'crm/bookings/booking.commands: createBooking': 'members',
  'crm/bookings/booking.commands: updateBooking': 'members',
  'crm/bookings/booking.commands: deleteBooking': 'members',
  'crm/bookings/booking-parties: createBookingWithParties': 'members',
  'crm/leads/lead.command: createLead': 'members',
  'crm/inquiries/inquiry.command: takeInquiry': 'form',
  'crm/events/event.commands: createEvent': 'members',
  'crm/events/event.commands: updateEvent': 'members',
  'crm/events/event.commands: deleteEvent': 'members',
  'crm/notes/note.commands: createNote': 'members',
  'crm/notes/note.commands: updateNote': 'members',
  'crm/notes/note.commands: deleteNote': 'members',
  'crm/tasks/task.commands: createTask': 'members',
  'crm/tasks/task.commands: updateTask': 'members',
  'crm/tasks/task.commands: deleteTask': 'members',
  // Each member's own choice of task e-mails.
  'crm/tasks/task-emails: setTaskEmails': 'members',
  'crm/pricing/line-items: createLineItem': 'members',
  'crm/pricing/line-items: updateLineItem': 'members',
  'crm/pricing/line-items: deleteLineItem': 'members',
  'crm/payments/installments: createInstallment': 'members',
  'crm/payments/installments: updateInstallment': 'members',
  'crm/payments/installments: deleteInstallment': 'members',
  'crm/payments/payments: createPayment': 'members',
  'crm/payments/payments: deletePayment': 'admins',
  'crm/documents/document.commands: createDocument': 'members',
  'crm/documents/document.commands: deleteDocument': 'members',
  'crm/documents/document-actions: sendDocument': 'members',
  'crm/documents/document-actions: issueDocument': 'members',
  'crm/documents/document-actions: voidDocument': 'members',
  'crm/documents/document-actions: revokeDocumentLink': 'members',
  'crm/documents/document-signing: signDocument': 'client',
  'crm/documents/document-settings.commands: saveTemplates': 'admins',
  'crm/documents/document-settings.commands: restoreDefaultTemplates': 'admins',
  'crm/documents/document-settings.commands: saveVenueAddress': 'admins',
  'crm/documents/document-settings.commands: saveLogo': 'admins',
  'crm/spaces/space.commands: createSpace': 'admins',
  'crm/spaces/space.commands: updateSpace': 'admins',
  'crm/spaces/space.commands: deleteSpace': 'admins',
  'crm/email-templates/email-template.commands: createEmailTemplate': 'admins',
  'crm/email-templates/email-template.commands: updateEmailTemplate': 'admins',
  'crm/email-templates/email-template.commands: deleteEmailTemplate': 'admins',
  'crm/automations/automation.commands: createAutomation': 'admins',
  'crm/automations/automation.commands: updateAutomation': 'admins',
  'crm/automations/automation.commands: deleteAutomation': 'admins',
  // A drafted mail: any member sends or skips it.
  'crm/automations/automation-approval: approveRun': 'members',
  'crm/automations/automation-approval: skipRun': 'members',
  // The automations themselves start their runs and run their steps, and nobody else does.
  'crm/automations/automation-enrollment: answerOccasion': 'automations',
  'crm/automations/automation-dates: enrollByDate': 'automations',
  'crm/automations/automation-step: runStep': 'automations',
  'crm/pricing/items: createItem': 'admins',
  'crm/pricing/items: updateItem': 'admins',
  'crm/pricing/items: deleteItem': 'admins',
  'crm/pricing/tax-rates: createTaxRate': 'admins',
  'crm/pricing/tax-rates: updateTaxRate': 'admins',
  'crm/pricing/tax-rates: deleteTaxRate': 'admins',
  'crm/event-types/event-types: createEventType': 'admins',
  'crm/event-types/event-types: updateEventType': 'admins',
  'crm/event-types/event-types: deleteEventType': 'admins',
  'crm/custom-field-definitions/custom-field.commands: createCustomField': 'admins',
  'crm/custom-field-definitions/custom-field.commands: updateCustomField': 'admins',
  'crm/custom-field-definitions/custom-field.commands: deleteCustomField': 'admins',
  'crm/custom-field-definitions/custom-field-order: reorderCustomFields': 'admins',
  'crm/pipelines/pipeline.commands: createPipeline': 'admins',
  'crm/pipelines/pipeline.commands: updatePipeline': 'admins',
  'crm/pipelines/pipeline.commands: deletePipeline': 'admins',
  'crm/pipelines/pipeline.commands: createReferralSource': 'admins',
  'crm/pipelines/pipeline.commands: updateReferralSource': 'admins',
  'crm/pipelines/pipeline.commands: deleteReferralSource': 'admins',
  'crm/pipelines/stage.commands: createStage': 'admins',
  'crm/pipelines/stage.commands: updateStage': 'admins',
  'crm/pipelines/stage.commands: deleteStage': 'admins',
  'crm/pipelines/stage.commands: moveStage': 'admins',
  'crm/messages/message.commands: updateMessage': 'members',
  'crm/messages/message-lead: makeLeadOfMessage': 'members',
  'crm/messages/message-drafts: draftReply': 'members',
  'crm/messages/message-sending: sendMessage': 'members',
  'crm/messages/message-reading: markMessagesRead': 'members',
  // The venue's mailbox, read by the server: it files what it reads, and nothing else does.
  'crm/messages/message-filing: receiveMessage': 'mailbox',
  'crm/organization/organization.commands: updateOrganization': 'admins',
  'crm/organization/organization-settings.commands: setMailFrom': 'admins',
  'crm/organization/organization-settings.commands: setAssistantRegistration': 'admins',
  'crm/organization/outgoing-mail.commands: sendTestMail': 'admins',
  'crm/organization/outgoing-mail.commands: sendMailAgain': 'admins',
  // Admins, read again under the organization's lock as well (test/identity).
  'identity/invitation.command: inviteMember': 'admins',
  'identity/team.commands: addMember': 'admins',
  'identity/team.commands: changeMemberRole': 'admins',
  'identity/team.commands: removeMember': 'admins',
  'api-keys/api-keys: createApiKey': 'admins',
  'api-keys/api-keys: revokeApiKey': 'admins',
  'integrations/integration.commands: createIntegrationCommand': 'admins',
  'integrations/integration.commands: updateIntegrationCommand': 'admins',
  'integrations/integration.commands: rotateIntegrationSecret': 'admins',
  'integrations/integration.commands: deleteIntegrationCommand': 'admins',
  'integrations/integration-webhooks: resendDelivery': 'admins',
  // Each staff member's own feeds.
  'calendar/calendar-feeds: createFeed': 'members',
  'calendar/calendar-feeds: revokeFeed': 'members',
  // An integration's own endpoints: any staff credential that may read.
  'webhooks/endpoint.commands: createEndpoint': 'readers',
  'webhooks/endpoint.commands: updateEndpoint': 'readers',
  'webhooks/endpoint.commands: rotateEndpointSecret': 'readers',
  'webhooks/endpoint.commands: deleteEndpoint': 'readers',
};

/** The codes the policy refuses in, at one door or another. */
const POLICY_CODES = [
  'admin_only',
  'client_only',
  'form_only',
  'mailbox_only',
  'automations_only',
  'insufficient_scope',
  'not_allowed',
];

/** The client's link of the test: its own document, and another's. */
const OWN_DOCUMENT = 'doc_own';

/** Each door's actor, and the kinds of command (the table's column) it may run. */
function actorsOf(org: string, member: string, admin: string): Array<[string, Actor, readonly Who[]]> {
  const staff = (
    userId: string,
    role: 'admin' | 'member',
    door: 'workspace' | 'api' | 'assistant',
    scopes?: string[],
  ) => staffActor({ organizationId: org, userId, role, door, scopes });
  return [
    ['a member at a page', staff(member, 'member', 'workspace'), ['readers', 'members']],
    ['an admin at a page', staff(admin, 'admin', 'workspace'), ['readers', 'members', 'admins']],
    [
      'a member’s crm_manage token',
      staff(member, 'member', 'api', ['crm_read', 'crm_manage']),
      ['readers', 'members'],
    ],
    ['an admin’s crm_read token', staff(admin, 'admin', 'api', ['crm_read']), ['readers']],
    [
      'an admin’s crm_manage API key',
      staff(admin, 'admin', 'api', ['crm_manage']),
      ['readers', 'members', 'admins'],
    ],
    [
      'a member’s assistant',
      staff(member, 'member', 'assistant', ['crm_read', 'crm_manage']),
      ['readers', 'members'],
    ],
    ['an admin’s read-only assistant', staff(admin, 'admin', 'assistant', ['crm_read']), ['readers']],
    ['a client’s link', clientActor(org, OWN_DOCUMENT, 'bk_own'), ['client']],
    ['a client’s link to another document', clientActor(org, 'doc_other', 'bk_other'), []],
    ['the inquiry form', inquiryActor(org), ['form']],
    ['the venue’s mailbox', mailboxActor(org), ['mailbox']],
    ['the automations', automationActor(org), ['automations']],
    ['the server’s clock', systemActor(org), []],
    ['the operator', operatorActor(org), ['readers', 'members', 'admins']],
  ];
}

const isCommand = (value: unknown): value is Command<unknown, unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { run?: unknown }).run === 'function';

/** Every exported command of the compiled house, by `folder/module: name`. */
async function exportedCommands(): Promise<Map<string, Command<unknown, unknown>>> {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
  const found = new Map<string, Command<unknown, unknown>>();
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.name.endsWith('.js') ? [full] : [];
    });
  for (const folder of ['crm', 'identity', 'api-keys', 'calendar', 'webhooks', 'integrations']) {
    for (const file of walk(path.join(src, folder))) {
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const where = path.relative(src, file).replace(/\.js$/, '');
      for (const [name, value] of Object.entries(module)) {
        if (isCommand(value)) found.set(`${where}: ${name}`, value);
      }
    }
  }
  return found;
}

it('lists every command the house exports, each with an action of its own kind', async () => {
  const found = await exportedCommands();
  const listed = new Set(Object.keys(TABLE));
  // A command exported again by another module is listed once, under either name.
  const unlisted = [...new Set(found.values())].filter(
    (command) => ![...found].some(([name, same]) => same === command && listed.has(name)),
  );
  assert.deepEqual(
    unlisted.map((command) => [...found].filter(([, same]) => same === command).map(([name]) => name)),
    [],
    'commands missing from the table',
  );
  assert.deepEqual(
    [...listed].filter((name) => !found.has(name)),
    [],
    'the table lists commands that do not exist',
  );
  for (const [name, command] of found) assert.match(command.action.name, /^[a-z_]+\.[a-z_]+$/, name);
});

/** Every action the house declares (its `*.policy` modules), by name. */
async function declaredActions(): Promise<Set<string>> {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
  const names = new Set<string>();
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.name.endsWith('.policy.js') ? [full] : [];
    });
  for (const file of walk(src)) {
    const module = (await import(pathToFileURL(file).href)) as Record<
      string,
      Record<string, { name?: unknown }>
    >;
    for (const actions of Object.values(module)) {
      for (const action of Object.values(actions))
        if (typeof action.name === 'string') names.add(action.name);
    }
  }
  return names;
}

it('grants in each role only actions the house declares', async () => {
  const declared = [...(await declaredActions())];
  for (const [role, { grants }] of Object.entries(ROLES)) {
    for (const grant of grants) {
      const prefix = grant.action.endsWith('.*') ? grant.action.slice(0, -1) : undefined;
      const used = declared.some((action) => (prefix ? action.startsWith(prefix) : action === grant.action));
      assert.ok(used, `${role}: ${grant.action}`);
    }
  }
});

eachDatabase((suite) => {
  const writer = () => ({ db: suite.db, clock: systemClock });

  async function organization() {
    const org = await makeOrganization(suite.db);
    const member = await makeUser(suite.db, org.id, { role: 'member' });
    const admin = await makeUser(suite.db, org.id, { role: 'admin' });
    return { org: org.id, member: member.id, admin: admin.id };
  }

  /** What any command could have written: rows of every kind, and the change feed. */
  const written = async () =>
    Promise.all(
      (
        [
          'accounts',
          'contacts',
          'bookings',
          'notes',
          'tasks',
          'spaces',
          'items',
          'tax_rates',
          'event_types',
          'custom_fields',
          'pipelines',
          'stages',
          'referral_sources',
          'payments',
          'document_templates',
          'document_settings',
          'email_templates',
          'memberships',
          'changes',
          'api_keys',
          'calendar_feeds',
          'webhook_endpoints',
          'integrations',
          'automations',
        ] as const
      ).map((table) => countRows(suite.db, table)),
    );

  /** The policy's refusal code, or undefined when the command was let through to its own rules. */
  async function policyAnswer(actor: Actor, command: Command<unknown, unknown>, input: unknown) {
    return write(writer(), actor, command, input).then(
      () => undefined,
      (error: { status?: number; code?: string }) =>
        error.status === 403 && POLICY_CODES.includes(error.code ?? '') ? error.code : undefined,
    );
  }

  it('runs every command with every door’s actor, refused or let through as the table says', async () => {
    const found = await exportedCommands();
    const { org, member, admin } = await organization();
    const mismatches: string[] = [];
    for (const [who, actor, may] of actorsOf(org, member, admin)) {
      for (const [name, column] of Object.entries(TABLE)) {
        const before = await written();
        // An input no command's rules accept (a record that does not exist, no fields): whatever
        // refuses it, when the policy let it through, is the command's own rule.
        const input = { id: OWN_DOCUMENT, ifMatch: undefined, input: {} };
        const refused = await policyAnswer(actor, found.get(name)!, input);
        const expected = may.includes(column);
        if (expected === (refused !== undefined))
          mismatches.push(`${who}: ${name} (${refused ?? 'let through'})`);
        if (refused) assert.deepEqual(await written(), before, `${who}: ${name} wrote nothing`);
      }
    }
    assert.deepEqual(mismatches, []);
  });

  it('refuses a staff member in the API’s words at every staff door', async () => {
    const found = await exportedCommands();
    const { org, member, admin } = await organization();
    const space = found.get('crm/spaces/space.commands: createSpace')!;
    const asMember = staffActor({
      organizationId: org,
      userId: member,
      role: 'member',
      door: 'api',
      scopes: ['crm_manage'],
    });
    await assert.rejects(write(writer(), asMember, space, { name: 'Loft' }), {
      status: 403,
      code: 'admin_only',
      detail: 'Only organization admins may change spaces.',
    });
    const readOnly = staffActor({
      organizationId: org,
      userId: admin,
      role: 'admin',
      door: 'api',
      scopes: ['crm_read'],
    });
    await assert.rejects(write(writer(), readOnly, space, { name: 'Loft' }), {
      status: 403,
      code: 'insufficient_scope',
    });
    await assert.rejects(write(writer(), clientActor(org, OWN_DOCUMENT, 'bk'), space, { name: 'Loft' }), {
      status: 403,
      code: 'client_only',
    });
  });

  const lead = {
    contact: { first_name: 'Ada', last_name: 'Okafor', email: 'ada@example.com' },
    date: '2031-09-18',
    source: 'inquiry_form' as const,
  };

  it('lets the inquiry form make a lead through its inquiry, and nothing else through any composite', async () => {
    const { org } = await organization();
    const form = inquiryActor(org);
    await assert.rejects(write(writer(), form, createLead, lead), { status: 403, code: 'form_only' });
    const before = await written();
    // A command the form may start, running inner commands its action does not entail.
    const reaching = (inner: Command<unknown, unknown>, input: unknown): Command<undefined, unknown> => ({
      action: INQUIRY_ACTIONS.take,
      run: (work) => work.run(inner, input),
    });
    await assert.rejects(
      write(
        writer(),
        form,
        reaching(deleteAccount as Command<unknown, unknown>, { id: 'x', ifMatch: undefined }),
        undefined,
      ),
      {
        status: 403,
        code: 'form_only',
      },
    );
    await assert.rejects(
      write(
        writer(),
        form,
        reaching(createAccount as Command<unknown, unknown>, { name: 'Stranger' }),
        undefined,
      ),
      {
        status: 403,
        code: 'form_only',
      },
    );
    assert.deepEqual(await written(), before, 'nothing was written');
    // What its inquiry entails: a lead, which makes its account, contact, booking and note.
    const made = await write(
      writer(),
      form,
      reaching(createLead as Command<unknown, unknown>, lead),
      undefined,
    );
    assert.ok(made);
    const [accounts, contacts, bookings] = await written();
    assert.deepEqual([accounts! - before[0]!, contacts! - before[1]!, bookings! - before[2]!], [1, 1, 1]);
  });

  it('lets a client’s link sign its own document, and run nothing else inside the signature', async () => {
    const { org } = await organization();
    const client = clientActor(org, OWN_DOCUMENT, 'bk_own');
    const before = await written();
    const noting: Command<undefined, unknown> = {
      action: DOCUMENT_ACTIONS.sign,
      subject: () => OWN_DOCUMENT,
      run: (work) =>
        work.run(createNote as Command<unknown, unknown>, {
          body: 'Hello',
          notable: { type: 'bookings', id: 'bk_own' },
        }),
    };
    await assert.rejects(write(writer(), client, noting, undefined), { status: 403, code: 'client_only' });
    const elsewhere: Command<undefined, unknown> = { ...noting, subject: () => 'doc_other' };
    await assert.rejects(write(writer(), client, elsewhere, undefined), { status: 403, code: 'client_only' });
    assert.deepEqual(await written(), before, 'nothing was written');
  });

  it('refuses a command that names no action, whoever runs it', async () => {
    const { org } = await organization();
    const bare = { run: async () => 'ran' } as unknown as Command<undefined, string>;
    await assert.rejects(write(writer(), operatorActor(org), bare, undefined), { status: 403 });
  });
});
