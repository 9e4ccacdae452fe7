/**
 * The job queue on `GET /metrics` (SPEC §10, §18): per kind, the jobs waiting, how long the
 * oldest due one has waited and how many failed for good, and failed runs counted by outcome.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, it } from 'node:test';
import type { JobHandler } from '../../src/jobs/job-handler.js';
import { enqueueJob } from '../../src/jobs/job.repository.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { loadConfig } from '../../src/config.js';
import { MailSender } from '../../src/mail/sender.js';
import { queueMail } from '../../src/mail/outbox.js';
import { startMetricsServer } from '../../src/metrics/metrics-server.js';
import { makeOrganization } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { silent } from './job-fixtures.js';

eachDatabase((suite) => {
  let server: TestServer;
  let metrics: Server;
  let metricsUrl: string;

  before(async () => {
    server = await startTestServer(suite.database);
    metrics = await startMetricsServer(server.app.ctx.metrics, '127.0.0.1', 0);
    const address = metrics.address();
    metricsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`;
  });
  after(async () => {
    await new Promise((resolve) => metrics.close(resolve));
    await server.close();
  });

  it('shows the queue depth, the oldest due job and the failures of each kind', async () => {
    const clock = server.clock;
    clock.hold();
    const now = clock.now();
    const queue = (kind: string, dueAt: number) => enqueueJob(suite.db, { kind, payload: {}, dueAt, now });
    await queue('metrics.waiting', now - 90_000);
    await queue('metrics.waiting', now - 30_000);
    await queue('metrics.waiting', now + 60_000);
    await queue('metrics.broken', now);
    const broken: JobHandler = { kind: 'metrics.broken', run: () => Promise.reject(new Error('no')) };
    const runner = new JobRunner({
      writer: { db: suite.db, clock },
      logger: silent,
      handlers: [broken],
      retrySchedule: [1],
      metrics: server.app.ctx.metrics,
    });
    await runner.drain();
    clock.advance(2_000);
    await runner.drain();
    const text = await (await fetch(metricsUrl)).text();
    const value = (line: string) => {
      const found = text.split('\n').find((l) => l.startsWith(`${line} `));
      assert.ok(found, `${line} in\n${text}`);
      return Number(found.slice(line.length + 1));
    };
    assert.equal(value('marquee_jobs_pending{kind="metrics.waiting"}'), 3);
    assert.equal(value('marquee_jobs_oldest_due_seconds{kind="metrics.waiting"}'), 92);
    assert.equal(value('marquee_jobs_failed{kind="metrics.waiting"}'), 0);
    assert.equal(value('marquee_jobs_pending{kind="metrics.broken"}'), 0);
    assert.equal(value('marquee_jobs_failed{kind="metrics.broken"}'), 1);
    assert.equal(value('marquee_job_failures_total{kind="metrics.broken",outcome="retrying"}'), 1);
    assert.equal(value('marquee_job_failures_total{kind="metrics.broken",outcome="failed"}'), 1);
    assert.match(text, /# HELP marquee_jobs_oldest_due_seconds /);
  });

  it('shows outgoing mail among the kinds: waiting, and a send that failed and will be retried', async () => {
    const clock = server.clock;
    const org = await makeOrganization(suite.db);
    const now = clock.now();
    const mail = { organizationId: org.id, kind: 'test' as const, subject: 'Hello', text: 'Hello' };
    await queueMail(suite.db, { ...mail, to: { address: 'ops@harbour.example' } }, { now, sending: true });
    const page = async () => (await fetch(metricsUrl)).text();
    assert.match(await page(), /^marquee_jobs_pending\{kind="mail\.send"\} 1$/m);
    // Nothing listens on port 1: the send fails, and is due again on MAIL_RETRY_SCHEDULE.
    const sender = new MailSender({
      db: suite.db,
      config: loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_RETRY_SCHEDULE: '10m' }),
      clock,
      logger: silent,
      metrics: server.app.ctx.metrics,
    });
    try {
      assert.equal(await sender.sendDue(), 1);
    } finally {
      await sender.stop();
    }
    const text = await page();
    assert.match(text, /^marquee_jobs_pending\{kind="mail\.send"\} 1$/m);
    assert.match(text, /^marquee_job_failures_total\{kind="mail\.send",outcome="retrying"\} 1$/m);
  });
});
