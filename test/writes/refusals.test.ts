/**
 * A refusal is a value (docs/decisions/0006-the-write-seam.md): a command that returns one, or a
 * rule inside it that throws one, leaves nothing written — no rows, no change events in the
 * outbox, no webhook deliveries — and nothing runs after the commit. `write` answers it as the
 * API's error, `attempt` hands it over; in a shared commit only the refused write is undone.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { ACCOUNT_ACTIONS, createAccount } from '../../src/crm/accounts/index.js';
import { GroupCommit } from '../../src/db/group-commit.js';
import { ApiError, ValidationError } from '../../src/errors.js';
import { type Actor, staffActor } from '../../src/policy/actor.js';
import { isRefusal, type Refusal, refuse } from '../../src/writes/refusal.js';
import { attempt, type Command, write, type Writer } from '../../src/writes/unit-of-work.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';

eachDatabase((suite) => {
  async function venue(): Promise<Actor> {
    const org = await makeOrganization(suite.db);
    const user = await makeUser(suite.db, org.id, { role: 'admin' });
    return staffActor({ organizationId: org.id, userId: user.id, role: 'admin', door: 'workspace' });
  }

  const written = async (organizationId: string) => ({
    accounts: (
      await suite.db
        .selectFrom('accounts')
        .select('name')
        .where('organization_id', '=', organizationId)
        .orderBy('name')
        .execute()
    ).map((row) => row.name),
    changes: (
      await suite.db
        .selectFrom('changes')
        .select('type')
        .where('organization_id', '=', organizationId)
        .execute()
    ).length,
    deliveries: (await suite.db.selectFrom('webhook_deliveries').select('id').execute()).length,
  });

  /** Writes an account, then refuses as `refusal` says (returned, or thrown by a rule inside). */
  function refusing(
    refusal: () => Promise<Refusal>,
    ran: string[],
  ): Command<string, { id: string } | Refusal> {
    return {
      action: ACCOUNT_ACTIONS.create,
      async run(work, name) {
        await work.run(createAccount, { name });
        work.afterCommit.push(async () => {
          ran.push(name);
        });
        return refusal();
      },
    };
  }

  const clash = () =>
    refuse({
      status: 409,
      code: 'space_conflict',
      detail: 'The Loft is already held.',
      payload: { other: 'B-7' },
    });

  it('rolls back a command that returns a refusal: no rows, no change events, nothing after the commit', async () => {
    const actor = await venue();
    const writer: Writer = { db: suite.db, clock: systemClock };
    const ran: string[] = [];
    const deliveriesBefore = (await written(actor.organizationId)).deliveries;

    const outcome = await attempt(
      writer,
      actor,
      refusing(async () => clash(), ran),
      'Refused Ltd',
    );
    assert.equal(outcome.ok, false);
    assert.ok(!outcome.ok && isRefusal(outcome.refusal));
    if (outcome.ok) return;
    assert.equal(outcome.refusal.status, 409);
    assert.equal(outcome.refusal.code, 'space_conflict');
    assert.deepEqual(outcome.refusal.payload, { other: 'B-7' });

    // The API's door gets the same refusal as its error.
    await assert.rejects(
      write(
        writer,
        actor,
        refusing(async () => clash(), ran),
        'Refused Ltd',
      ),
      (error) => {
        assert.ok(error instanceof ApiError);
        assert.equal(error.status, 409);
        assert.equal(error.code, 'space_conflict');
        assert.equal(error.detail, 'The Loft is already held.');
        return true;
      },
    );

    assert.deepEqual(await written(actor.organizationId), {
      accounts: [],
      changes: 0,
      deliveries: deliveriesBefore,
    });
    assert.deepEqual(ran, [], 'no work after a commit that did not happen');

    const kept = await attempt(writer, actor, createAccount, { name: 'Kept Ltd' });
    assert.ok(kept.ok);
    assert.deepEqual((await written(actor.organizationId)).accounts, ['Kept Ltd']);
  });

  it('makes a refusal thrown inside the command a value, once; write() throws that very error', async () => {
    const actor = await venue();
    const writer: Writer = { db: suite.db, clock: systemClock };
    const ran: string[] = [];
    const problem = new ValidationError({ field: 'name', detail: 'Name is taken.', code: 'taken' });
    const throwing = refusing(async () => {
      throw problem;
    }, ran);

    const outcome = await attempt(writer, actor, throwing, 'Thrown Ltd');
    assert.ok(!outcome.ok);
    assert.equal(outcome.refusal.status, 422);
    assert.deepEqual(outcome.refusal.fieldMessages(), { name: 'Name is taken.' });
    assert.equal(outcome.refusal.asError(), problem);
    await assert.rejects(write(writer, actor, throwing, 'Thrown Ltd'), (error) => error === problem);

    // A failure is not a refusal: it is thrown, and rolled back all the same.
    const failing = refusing(async () => {
      throw new Error('the disk is full');
    }, ran);
    await assert.rejects(attempt(writer, actor, failing, 'Failed Ltd'), /the disk is full/);

    assert.deepEqual(await written(actor.organizationId), { accounts: [], changes: 0, deliveries: 0 });
    assert.deepEqual(ran, []);
  });

  it('undoes only the refused write of a shared commit; the others are committed', async () => {
    const actor = await venue();
    const writer: Writer = { db: suite.db, clock: systemClock, commits: new GroupCommit(suite.db) };
    const ran: string[] = [];
    const shared = { groupCommit: true };
    const telling: Command<{ name: string }, { id: string } | Refusal> = {
      action: ACCOUNT_ACTIONS.create,
      async run(work, input) {
        work.afterCommit.push(async () => {
          ran.push(`told ${input.name}`);
        });
        return work.run(createAccount, input);
      },
    };
    const outcomes = await Promise.all([
      attempt(writer, actor, telling, { name: 'First Ltd' }, shared),
      attempt(
        writer,
        actor,
        refusing(async () => clash(), ran),
        'Refused Ltd',
        shared,
      ),
      attempt(writer, actor, createAccount, { name: 'Last Ltd' }, shared),
      attempt(
        writer,
        actor,
        refusing(async () => {
          throw new ValidationError({ field: 'name', detail: 'No.' });
        }, ran),
        'Thrown Ltd',
        shared,
      ),
    ]);
    assert.deepEqual(
      outcomes.map((o) => (o.ok ? 'written' : o.refusal.code)),
      ['written', 'space_conflict', 'written', 'invalid_value'],
    );
    assert.deepEqual(await written(actor.organizationId), {
      accounts: ['First Ltd', 'Last Ltd'],
      changes: 2,
      deliveries: 0,
    });
    // The first job ran twice (in the batch rolled back, then alone) and is told once.
    assert.deepEqual(ran, ['told First Ltd']);
  });
});
