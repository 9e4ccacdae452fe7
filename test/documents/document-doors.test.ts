/**
 * Documents' commands refuse by themselves whoever may not act (SPEC §13, STYLE "the command
 * knows who acts"), whichever door calls them: a client's link (the portal door, its authority one
 * document) accepts that proposal and confirms its booking, and nothing else; no other door
 * accepts for a client; Settings → Documents is for admins. Tried here on the commands themselves,
 * as every door calls them.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { updateBooking } from '../../src/crm/bookings/booking.commands.js';
import { issueDocument, sendDocument, voidDocument } from '../../src/crm/documents/document-actions.js';
import { type CheckedTemplates, saveTemplates } from '../../src/crm/documents/document-settings.commands.js';
import { signDocument } from '../../src/crm/documents/document-signing.js';
import { createDocument } from '../../src/crm/documents/document.commands.js';
import { ApiError } from '../../src/errors.js';
import { type Actor, staffActor } from '../../src/policy/actor.js';
import { type Command, write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  documentBody,
  type PricedBooking,
  pricedBooking,
  venueSettings,
} from '../helpers/document-fixtures.js';
import { makeUser } from '../helpers/factories.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { type Api, apiFor } from '../helpers/writes.js';
import { clientActor } from '../../src/policy/actor.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let priced: PricedBooking;
  let other: PricedBooking;
  let proposal: string;
  let otherProposal: string;

  const refusedAs = async <Input>(
    actor: Actor,
    command: Command<Input, unknown>,
    input: Input,
    code: string,
  ) => {
    await assert.rejects(write(server.app.ctx.writer, actor, command, input), (error: unknown) => {
      assert.ok(error instanceof ApiError, String(error));
      assert.deepEqual([error.status, error.code], [403, code], error.detail);
      return true;
    });
  };
  const client = (documentId: string, bookingId: string): Actor =>
    clientActor(venue.orgId, documentId, bookingId);
  const sent = async (booking: string) => {
    const made = await api('/v2/documents', { method: 'POST', body: documentBody('proposal', booking) });
    assert.equal((await api(`/v2/documents/${made.body.data.id}/send`, { method: 'POST' })).status, 200);
    return made.body.data.id;
  };
  const signing = (id: string) => ({
    id,
    name: 'Ama Mensah',
    agreed: true,
    address: '203.0.113.7',
    userAgent: 'test',
    signedAt: server.clock.now(),
    signedPdf: new Uint8Array([37, 80, 68, 70]),
    seenSha256: '0'.repeat(64),
  });

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(api, venue.orgId);
    priced = await pricedBooking(api, { events: 1, linesPerEvent: 1 });
    other = await pricedBooking(api, { name: 'Another', events: 1, linesPerEvent: 1, day: '2027-08-01' });
    proposal = await sent(priced.booking);
    otherProposal = await sent(other.booking);
  });
  after(() => server.close());

  it('lets a client’s link do nothing but accept its own proposal and confirm its own booking', async () => {
    const link = client(proposal, priced.booking);
    await refusedAs(link, createDocument, { kind: 'proposal', bookingId: priced.booking }, 'client_only');
    await refusedAs(
      link,
      sendDocument,
      { id: proposal, pdf: undefined, portal: '', sending: false, mailPerHour: 500 },
      'client_only',
    );
    await refusedAs(link, voidDocument, { id: proposal }, 'client_only');
    const render = () => Promise.resolve(new Uint8Array());
    await refusedAs(link, issueDocument, { id: proposal, rendered: undefined, render }, 'client_only');
    await refusedAs(link, signDocument, signing(otherProposal), 'client_only');
    const change = (id: string, input: Record<string, unknown>) => ({ id, ifMatch: undefined, input });
    await refusedAs(
      link,
      updateBooking,
      change(priced.booking, { name: 'Renamed by a client' }),
      'client_only',
    );
    await refusedAs(
      link,
      updateBooking,
      change(priced.booking, { status: 'lost', lost_reason: 'x' }),
      'client_only',
    );
    await refusedAs(link, updateBooking, change(other.booking, { status: 'definite' }), 'client_only');
    await refusedAs(
      link,
      saveTemplates,
      { kind: 'proposal', header: '', footer: '', terms: '' } as CheckedTemplates,
      'client_only',
    );
    const bookings = await suite.db
      .selectFrom('bookings')
      .select(['name', 'status'])
      .where('id', 'in', [priced.booking, other.booking])
      .execute();
    assert.deepEqual(bookings.map((b) => b.status).sort(), ['tentative', 'tentative']);
  });

  it('accepts for a client through no other door, and keeps Settings → Documents for admins', async () => {
    const admin: Actor = staffActor({
      organizationId: venue.orgId,
      userId: venue.user.id,
      role: 'admin',
      door: 'api',
    });
    for (const door of ['api', 'workspace', 'import', 'cli', 'system'] as const) {
      await refusedAs({ ...admin, door }, signDocument, signing(proposal), 'client_only');
    }
    const member = await makeUser(suite.db, venue.orgId, { role: 'member' });
    await refusedAs(
      staffActor({ organizationId: venue.orgId, userId: member.id, role: 'member', door: 'workspace' }),
      saveTemplates,
      { kind: 'proposal', header: 'Hello', footer: '', terms: '' } as CheckedTemplates,
      'admin_only',
    );
    assert.equal((await api(`/v2/documents/${proposal}`)).body.data.attributes.status, 'sent');
  });
});
