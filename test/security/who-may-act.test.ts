/**
 * Who may act is decided by each command, not by the door it is reached through (SPEC §7,
 * docs/decisions/0012-the-actor-and-who-may-act.md). The table below is that decision note's: every
 * command the house exports, and whether any member or only the organization's admins may run it.
 * The test proves the table is whole (a new command must be listed), that each command says what
 * the table says, and walks it through every door: a member is refused an admin's command with
 * 403 admin_only before anything is read or written, whichever door they come through, and an
 * admin (or a member, for the members' commands) is let through to the command's own rules.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import type { Actor, Door } from '../../src/identity/actor.js';
import type { Command } from '../../src/writes/unit-of-work.js';
import { write } from '../../src/writes/unit-of-work.js';
import { countRows, eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';

type Who = 'admins' | 'members';

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
  'crm/inquiries/inquiry.command: takeInquiry': 'members',
  'crm/events/event.commands: createEvent': 'members',
  'crm/events/event.commands: updateEvent': 'members',
  'crm/events/event.commands: deleteEvent': 'members',
  'crm/notes/note.commands: createNote': 'members',
  'crm/notes/note.commands: updateNote': 'members',
  'crm/notes/note.commands: deleteNote': 'members',
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
  'crm/documents/document-signing: signDocument': 'members',
  'crm/documents/document-settings.commands: saveTemplates': 'admins',
  'crm/documents/document-settings.commands: restoreDefaultTemplates': 'admins',
  'crm/documents/document-settings.commands: saveVenueAddress': 'admins',
  'crm/documents/document-settings.commands: saveLogo': 'admins',
  'crm/spaces/space.commands: createSpace': 'admins',
  'crm/spaces/space.commands: updateSpace': 'admins',
  'crm/spaces/space.commands: deleteSpace': 'admins',
  'crm/pricing/items: createItem': 'admins',
  'crm/pricing/items: updateItem': 'admins',
  'crm/pricing/items: deleteItem': 'admins',
  'crm/pricing/tax-rates: createTaxRate': 'admins',
  'crm/pricing/tax-rates: updateTaxRate': 'admins',
  'crm/pricing/tax-rates: deleteTaxRate': 'admins',
  'crm/event-types/event-types: createEventType': 'admins',
  'crm/event-types/event-types: updateEventType': 'admins',
  'crm/event-types/event-types: deleteEventType': 'admins',
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
  'crm/organization/organization.commands: updateOrganization': 'admins',
  'crm/organization/organization-settings.commands: setMailFrom': 'admins',
  'crm/organization/organization-settings.commands: setAssistantRegistration': 'admins',
};

/**
 * The commands that decide who may act by what they are given rather than by role alone: they
 * re-read the actor's role under the organization's lock (the team), or judge the record (a
 * note's author, a client's own document). They are listed, and tested where they live.
 */
const DECIDED_INSIDE: Record<string, string> = {
  'identity/invitation.command: inviteMember': 'admins, read again under the lock (test/identity)',
  'identity/team.commands: changeMemberRole': 'admins, read again under the lock (test/identity)',
  'identity/team.commands: removeMember': 'admins, read again under the lock (test/identity)',
};

const DOORS: Door[] = ['api', 'workspace', 'import', 'cli', 'system', 'portal', 'inquiry_form', 'assistant'];

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
  for (const folder of ['crm', 'identity']) {
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

it('lists every command the house exports, with who may run it', async () => {
  const found = await exportedCommands();
  const listed = new Set([...Object.keys(TABLE), ...Object.keys(DECIDED_INSIDE)]);
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
  for (const [name, who] of Object.entries(TABLE)) {
    const said = found.get(name)!.who ?? 'members';
    assert.equal(said === 'members' ? 'members' : 'admins', who, name);
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

  /** What any command could have written: rows of every kind it makes, and the change feed. */
  const written = async () =>
    Promise.all(
      (
        [
          'spaces',
          'items',
          'tax_rates',
          'event_types',
          'pipelines',
          'stages',
          'referral_sources',
          'payments',
          'document_templates',
          'document_settings',
          'changes',
        ] as const
      ).map((table) => countRows(suite.db, table)),
    );

  it('refuses a member every admin command at every door, before it reads or writes', async () => {
    const found = await exportedCommands();
    const { org, member } = await organization();
    const before = await written();
    for (const [name, who] of Object.entries(TABLE)) {
      if (who !== 'admins') continue;
      for (const door of DOORS) {
        const actor: Actor = { organizationId: org, userId: member, role: 'member', door };
        await assert.rejects(
          write(writer(), actor, found.get(name)!, { id: 'nope', ifMatch: undefined, input: {} }),
          (error: { status?: number; code?: string; detail?: string }) => {
            assert.equal(error.status, 403, `${name} at ${door}`);
            assert.equal(error.code, 'admin_only', `${name} at ${door}`);
            assert.match(error.detail ?? '', /admins/, `${name} at ${door}`);
            return true;
          },
        );
      }
    }
    assert.deepEqual(await written(), before, 'nothing was written');
  });

  it('lets an admin through to each command’s own rules, and a member through to the members’ commands', async () => {
    const found = await exportedCommands();
    const { org, member, admin } = await organization();
    for (const [name, who] of Object.entries(TABLE)) {
      const doors: Door[] = who === 'admins' ? ['api', 'workspace', 'assistant'] : ['api', 'assistant'];
      for (const door of doors) {
        const actor: Actor = {
          organizationId: org,
          userId: who === 'admins' ? admin : member,
          role: who === 'admins' ? 'admin' : 'member',
          door,
        };
        // An input no rule accepts: what refuses it is the command's own rule, never who acts.
        const outcome = await write(writer(), actor, found.get(name)!, {
          id: 'nope',
          ifMatch: undefined,
          input: {},
        }).then(
          () => undefined,
          (error: { code?: string }) => error.code,
        );
        assert.notEqual(outcome, 'admin_only', `${name} at ${door}`);
      }
    }
  });

  it('never lets a client’s link act as an admin, whatever role it carries', async () => {
    const found = await exportedCommands();
    const { org } = await organization();
    const actor: Actor = { organizationId: org, userId: null, role: 'admin', door: 'portal' };
    const name = 'crm/spaces/space.commands: createSpace';
    await assert.rejects(write(writer(), actor, found.get(name)!, {}), { code: 'admin_only' });
  });
});
