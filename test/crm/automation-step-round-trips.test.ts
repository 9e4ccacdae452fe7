/**
 * What an automation step costs PostgreSQL, counted (never timed): SPEC §18's burst of steps
 * falling due at once is worked off at the rate of the round trips each step takes. An
 * `add_note` step reads its run once (inside its unit of work: only a `send_email` step needs a
 * read before it, to write its mail), and a batch of steps that all succeed takes no savepoint;
 * in all, at most 6 round trips a step (docs/decisions/0019-one-job-runner.md).
 */
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { automationJobHandlers, createAutomation } from '../../src/crm/automations/index.js';
import { enroll } from '../../src/crm/automations/automation-run-writes.js';
import type { RenderingContext } from '../../src/crm/email-templates/index.js';
import { write } from '../../src/writes/unit-of-work.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeWorkspaceVenue } from '../helpers/workspace-data.js';
import { jobsOf, runner, START, statementCounter, testClock } from '../jobs/job-fixtures.js';

const STEPS = 64;
const counter = statementCounter();
after(() => counter.restore());

const count = (shapes: Map<string, number>, pattern: RegExp) =>
  [...shapes].filter(([shape]) => pattern.test(shape)).reduce((sum, [, n]) => sum + n, 0);

eachDatabase((suite) => {
  it('does an add_note step in at most 6 round trips, its run read once, no savepoint', async (t) => {
    if (suite.database.dialect !== 'postgres')
      return t.skip('round trips are counted on PostgreSQL (SQLite is in the process)');
    const clock = testClock();
    const writer = { db: suite.db, clock };
    const venue = await makeWorkspaceVenue(suite.db, 'Counted steps');
    const automation = await write(writer, venue.actor, createAutomation, {
      name: 'Reminder note',
      enabled: true,
      allowReenrollment: true,
      trigger: { type: 'booking.created', sources: ['api'] },
      steps: [{ type: 'add_note', body: 'Reminded the client.' }],
    });
    await suite.db.transaction().execute(async (trx) => {
      for (let n = 0; n < STEPS; n++) {
        const enrollment = `${automation.id} ${venue.bookingId} counted-${n}`;
        const facts = {
          organizationId: venue.orgId,
          automationId: automation.id,
          bookingId: venue.bookingId,
        };
        await enroll(trx, { ...facts, enrollment }, START, START);
      }
    });
    const rendering = { db: suite.db, clock } as unknown as RenderingContext;
    const handlers = automationJobHandlers({ rendering, sending: false, baseUrl: 'http://127.0.0.1' });
    counter.start();
    assert.equal(await runner(suite.db, clock, handlers).drain(), STEPS);
    const { total, shapes } = counter.stop();

    const steps = await jobsOf(suite.db, 'automation.step');
    assert.deepEqual(
      steps.map((job) => job.state),
      steps.map(() => 'done'),
    );
    const notes = await suite.db
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('body', '=', 'Reminded the client.')
      .executeTakeFirstOrThrow();
    assert.equal(Number(notes.n), STEPS, 'a note a step, once');
    assert.equal(count(shapes, /"run_organization_id"/), STEPS, 'the run read once a step');
    assert.equal(count(shapes, /^savepoint\b/i), 0, 'no savepoint when no step fails');
    assert.ok(total <= STEPS * 6, `at most 6 round trips a step (${(total / STEPS).toFixed(2)})`);
  });
});
