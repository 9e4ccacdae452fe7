/**
 * `node dist/bench/profile-pages.js`: where an uncached list page spends its CPU. Serves the
 * benchmark's 1,800 distinct note pages (src/app.ts through app.inject, 50 at a time, no
 * sockets) under the V8 CPU profiler and prints the self time per request by stage.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemo } from '../src/demo/seed-demo.js';
import { createIntegration } from '../src/integrations/integration.service.js';
import { isoTime } from '../src/clock.js';
import { seedLoads } from './seed-loads.js';

const STAGES: Array<[string, RegExp]> = [
  ['Auth (bearer, token cache, scope, rate limit)', /api-auth|oauth\/|token|rate-limit|credential/],
  [
    'Query string, list query, cursors',
    /list-query|cursor|sparse-fields|querystring|fast-querystring|ajv|validation/,
  ],
  ['SQL built (page-sql, Kysely)', /page-sql|kysely/],
  ['SQLite (statement, rows to objects)', /better-sqlite3|\(native\)|^all$/],
  ['Document (resources, links)', /documents|\.resource\.js|relation|read-routes|resource-store/],
  ['Serialization (fast-json-stringify)', /fast-json-stringify|serializ|JSON\.stringify/],
  ['Caches, change clock', /fresh-cache|change-clock|app-context|connect\.js/],
  [
    'Fastify, hooks, inject',
    /fastify|find-my-way|light-my-request|avvio|pino|request-id|security-headers|http\//,
  ],
  ['GC', /garbage collector/],
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

function stageOf(node: ProfileNode): string {
  const text = `${node.callFrame.url} ${node.callFrame.functionName}`;
  if (node.callFrame.functionName === '(garbage collector)') return 'GC';
  if (node.callFrame.url === '' && /^(all|get|run|iterate|raw)$/.test(node.callFrame.functionName)) {
    return 'SQLite (statement, rows to objects)';
  }
  if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)')
    return 'Idle, other';
  return STAGES.find(([, pattern]) => pattern.test(text))?.[0] ?? 'Other (node internals, promises)';
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marquee-profile-'));
  const database = openDatabase({ dataDir });
  await migrateToLatest(database);
  const demo = await seedDemo(database.db);
  const { integration, clientSecret } = await createIntegration(database.db, {
    organizationId: demo.org_id,
    name: 'Profile',
    kind: 'private',
    ownerEmail: demo.admin_email,
  });
  const admin = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demo.admin_email)
    .executeTakeFirstOrThrow();
  const loads = await seedLoads(database.db, admin.id);
  await database.db
    .insertInto('memberships')
    .values({
      organization_id: loads.notesOrg,
      user_id: admin.id,
      role: 'admin',
      created_at: isoTime(Date.now()),
    })
    .execute();
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', MARQUEE_DATA_DIR: dataDir });
  const app = await buildApp({ config, database });
  const issued = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      grant_type: 'client_credentials',
      client_id: integration.clientId,
      client_secret: clientSecret,
    },
  });
  const token = (issued.json() as { access_token: string }).access_token;
  await database.db
    .updateTable('oauth_grants')
    .set({ organization_ids: JSON.stringify([demo.org_id, loads.notesOrg]) })
    .execute();
  const headers = { authorization: `Bearer ${token}`, 'x-api-org': loads.notesOrg };
  const paths: string[] = [];
  for (const sort of ['-created_at', 'created_at', '-updated_at', 'updated_at']) {
    for (const size of [10, 20, 25, 40, 50]) {
      let next: string | null = `/notes?sort=${sort}&page[size]=${size}`;
      while (next) {
        paths.push(next);
        const body = (await app.inject({ url: next, headers })).json() as { links: { next: string | null } };
        next = body.links.next ? new URL(body.links.next).pathname + new URL(body.links.next).search : null;
      }
    }
  }
  const pages = paths.slice(0, 1800);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const started = process.hrtime.bigint();
  let requests = 0;
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < pages.length; i += 50) {
      await Promise.all(pages.slice(i, i + 50).map((url) => app.inject({ url, headers })));
      requests += Math.min(50, pages.length - i);
    }
  }
  const elapsed = Number(process.hrtime.bigint() - started) / 1e3;
  const { profile } = (await session.post('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  const others = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const stage = stageOf(node);
    totals.set(stage, (totals.get(stage) ?? 0) + (profile.timeDeltas[i] ?? 0));
    if (process.env.PROFILE_OTHERS && stage.startsWith('Other')) {
      const name = `${node.callFrame.functionName} ${node.callFrame.url.replace(/.*node_modules\//, '')}`;
      others.set(name, (others.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
    }
  });
  for (const [name, micros] of [...others].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`other: ${(micros / 1000).toFixed(0)} ms ${name}`);
  }
  console.log(
    `${requests} uncached pages in ${(elapsed / 1e6).toFixed(2)} s: ${(elapsed / requests).toFixed(0)} µs per request (wall)`,
  );
  console.log('| Stage | µs per request |\n|---|---:|');
  for (const [stage, micros] of [...totals].sort((a, b) => b[1] - a[1])) {
    console.log(`| ${stage} | ${(micros / requests).toFixed(0)} |`);
  }
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
