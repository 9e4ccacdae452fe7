/**
 * `node dist/bench/profile-render.js`: what one render of the bench's proposal costs in CPU, on
 * one thread, without the server around it. Makes the bench proposal (document-loads.ts) through
 * the API of an app on a temporary SQLite database, then renders its draft PDF
 * PROFILE_WARMUPS (5) times, then PROFILE_RENDERS (20) times under `process.cpuUsage()`, and
 * prints the CPU (and wall) time of each and their medians. PROFILE_STAGES=1 also prints where
 * the CPU went, by package, from the V8 profiler; `node --cpu-prof` gives the whole profile.
 * PROFILE_OUT=dir writes the request (request.json) and the last PDF (proposal.pdf) there; a
 * request.json given as PROFILE_REQUEST is rendered instead of making a proposal.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { documentCodec } from '../src/crm/documents/document.codec.js';
import { pdfRequestOf } from '../src/crm/documents/document-files.js';
import type { PdfRequest } from '../src/crm/documents/document-model.js';
import { makePdf } from '../src/crm/documents/pdf/pdf-make.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemo } from '../src/demo/seed-demo.js';
import { createIntegration } from '../src/integrations/integration.service.js';
import { makeProposal } from './document-loads.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

const STAGES: Array<[string, RegExp]> = [
  ['fontkit (shaping, glyphs, subsets)', /node_modules\/(fontkit|restructure|unicode-properties|@swc)/],
  ['pdfkit (writing the PDF, compression)', /node_modules\/(pdfkit|crypto-js|png-js|jpeg-exif)|zlib/],
  ['pdfmake (layout, styles, tables)', /node_modules\/pdfmake/],
  ['Document definition (Marquee)', /crm\/documents/],
];

function stageOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)' || functionName === '(program)') return 'Idle, other';
  return STAGES.find(([, pattern]) => pattern.test(url))?.[0] ?? 'Other (node internals)';
}

async function proposalRequest(): Promise<PdfRequest> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marquee-render-'));
  const database = openDatabase({ dataDir });
  try {
    await migrateToLatest(database);
    const demo = await seedDemo(database.db);
    const { integration, clientSecret } = await createIntegration(database.db, {
      organizationId: demo.org_id,
      name: 'Profile',
      kind: 'private',
      ownerEmail: demo.admin_email,
    });
    const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', MARQUEE_DATA_DIR: dataDir });
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
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
    const id = await makeProposal({ url, token, org: demo.org_id });
    const row = await database.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const request = await pdfRequestOf(database.db, documentCodec.decode(row), { watermark: 'Draft' });
    await app.close();
    return request;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const warmups = Number(process.env.PROFILE_WARMUPS ?? 5);
  const renders = Number(process.env.PROFILE_RENDERS ?? 20);
  const out = process.env.PROFILE_OUT;
  const request = process.env.PROFILE_REQUEST
    ? (JSON.parse(readFileSync(process.env.PROFILE_REQUEST, 'utf8')) as PdfRequest)
    : await proposalRequest();
  if (out) writeFileSync(path.join(out, 'request.json'), JSON.stringify(request));
  const first = process.cpuUsage();
  let bytes = await makePdf(request);
  const firstCpu = process.cpuUsage(first);
  console.log(`first render: ${((firstCpu.user + firstCpu.system) / 1000).toFixed(0)} ms CPU`);
  for (let i = 1; i < warmups; i++) await makePdf(request);
  const session = new Session();
  if (process.env.PROFILE_STAGES) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < renders; i++) {
    const started = performance.now();
    const usage = process.cpuUsage();
    bytes = await makePdf(request);
    const used = process.cpuUsage(usage);
    cpu.push((used.user + used.system) / 1000);
    wall.push(performance.now() - started);
  }
  console.log(`CPU per render (ms): ${cpu.map((t) => t.toFixed(0)).join(' ')}`);
  console.log(
    `${renders} renders after ${warmups} warm-ups, ${bytes.length} bytes: median ${median(cpu).toFixed(0)} ms CPU, ` +
      `${median(wall).toFixed(0)} ms wall (min ${Math.min(...cpu).toFixed(0)}, max ${Math.max(...cpu).toFixed(0)} ms CPU)`,
  );
  if (out) writeFileSync(path.join(out, 'proposal.pdf'), bytes);
  if (!process.env.PROFILE_STAGES) return;
  const { profile } = (await session.post('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  const functions = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const delta = profile.timeDeltas[i] ?? 0;
    totals.set(stageOf(node), (totals.get(stageOf(node)) ?? 0) + delta);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/.*node_modules\//, '')}`;
    functions.set(name, (functions.get(name) ?? 0) + delta);
  });
  console.log('| Stage | ms per render (self) |\n|---|---:|');
  for (const [stage, micros] of [...totals].sort((a, b) => b[1] - a[1])) {
    console.log(`| ${stage} | ${(micros / renders / 1000).toFixed(1)} |`);
  }
  for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`${(micros / renders / 1000).toFixed(1)} ms ${name}`);
  }
}

await main();
