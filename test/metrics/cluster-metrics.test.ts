/**
 * `GET /metrics` of `marquee serve --workers 2` (SPEC §10, §18): one listener on METRICS_PORT for
 * the whole cluster. Every process's counters are counted once — the requests each worker
 * answered, the job runs the primary's runner failed — and the queue's gauges, read from the
 * database, appear once (not once a process).
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { it } from 'node:test';
import { queueMail } from '../../src/mail/outbox.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { startServer } from '../helpers/processes.js';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A request on a connection of its own, so the workers take turns. */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

eachDatabase((suite) => {
  it('aggregates the primary and every worker on one /metrics listener, each counter counted once', async () => {
    const port = await freePort();
    const server = await startServer(
      {
        ...suite.database.env,
        METRICS_PORT: String(port),
        // Nothing listens on port 1: a send fails, and is due again in ten minutes.
        SMTP_URL: 'smtp://127.0.0.1:1',
        MAIL_RETRY_SCHEDULE: '10m',
        LOG_LEVEL: 'warn',
      },
      ['--migrate', '--workers', '2'],
    );
    try {
      const metricsUrl = `http://127.0.0.1:${port}/metrics`;
      for (let i = 0; i < 10; i++) assert.equal(await get(`${server.url}/healthz`), 200);
      const org = await makeOrganization(suite.db);
      const mail = { organizationId: org.id, kind: 'test' as const, subject: 'Hi', text: 'Hi' };
      await queueMail(
        suite.db,
        { ...mail, to: { address: 'ops@harbour.example' } },
        {
          now: Date.now(),
          sending: true,
        },
      );
      const failures = 'marquee_job_failures_total{kind="mail.send",outcome="retrying"}';
      let text = '';
      // The primary's runner looks for due jobs every second: bounded polling, no fixed wait.
      for (let round = 0; round < 100 && value(text, failures) === undefined; round++) {
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, 100));
        text = await (await fetch(metricsUrl)).text();
      }
      assert.equal(value(text, failures), 1, text);
      assert.equal(
        value(text, 'marquee_http_requests_total{route="/healthz",method="GET",status="200"}'),
        10,
      );
      assert.equal(
        value(
          text,
          'marquee_http_request_duration_seconds_count{route="/healthz",method="GET",status="200"}',
        ),
        10,
      );
      // Read from the database once, not once a process.
      assert.equal(value(text, 'marquee_jobs_pending{kind="mail.send"}'), 1);
      assert.ok(value(text, 'marquee_jobs_oldest_due_seconds{kind="mail.send"}') !== undefined, text);
      assert.equal(value(text, 'marquee_webhook_deliveries_pending'), 0);
      for (const name of [
        'marquee_http_requests_total',
        'marquee_job_failures_total',
        'marquee_jobs_pending',
      ])
        assert.equal(text.split('\n').filter((l) => l.startsWith(`# TYPE ${name} `)).length, 1, name);
      const ratio = value(text, 'marquee_cache_hit_ratio{cache="pages"}');
      assert.ok(ratio !== undefined && ratio >= 0 && ratio <= 1, 'an average ratio, never a sum');
      assert.equal((await fetch(`${server.url}/metrics`)).status, 404, 'not on the API port');
      assert.equal(await server.stop(), 0, server.stderr());
      await assert.rejects(fetch(metricsUrl), 'the listener stops with the cluster');
    } finally {
      await server.stop();
    }
  });
});
