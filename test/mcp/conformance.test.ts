/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, server mode) against
 * `/mcp` with an assistant's token, on both databases: server-initialize, ping, tools-list and
 * dns-rebinding-protection pass.
 *
 * The suite and the Node 22 it needs come from the npm registry as packages of
 * test/conformance/package.json, installed by `npm ci` (the root's postinstall) into their own
 * node_modules, so Node 22's `node` never shadows the project's own in npm scripts. The suite's
 * server mode takes only a URL (no header), so it talks to a loopback front (bearer-front.ts) that
 * adds the assistant's token and passes Host and Origin unchanged; the server's BASE_URL is the
 * front's address, as a deployment behind a proxy has it. The test skips, saying why, only on a
 * platform for which the registry has no Node 22 package.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { type BearerFront, startBearerFront } from '../helpers/bearer-front.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { connectAssistant } from '../helpers/mcp.js';

const SUITE_DIR = path.resolve('test/conformance');
const NODE_22 = path.join(SUITE_DIR, 'node_modules/.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
const CLI = path.join(SUITE_DIR, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
/** The platforms for which the registry holds a Node 22 package (test/conformance/package.json). */
const PLATFORMS_WITH_NODE_22 = ['darwin-arm64', 'darwin-x64', 'linux-arm64', 'linux-x64', 'win32-x64'];

const platform = `${process.platform}-${process.arch}`;
const skip = PLATFORMS_WITH_NODE_22.includes(platform)
  ? false
  : `the npm registry has no Node 22 package for ${platform}, and the conformance suite needs Node 22`;

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

/** Runs one scenario; its exit code, what it printed, and the checks it wrote. */
function runScenario(
  url: string,
  scenario: string,
): Promise<{ code: number | null; output: string; checks: Check[] }> {
  const outputDir = mkdtempSync(path.join(os.tmpdir(), 'marquee-conformance-'));
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_22, [CLI, 'server', '--url', url, '--scenario', scenario, '-o', outputDir], {
      cwd: outputDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const checks = readdirSync(outputDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('checks.json'))
        .flatMap((file) => JSON.parse(readFileSync(path.join(outputDir, file), 'utf8')) as Check[]);
      rmSync(outputDir, { recursive: true, force: true });
      resolve({ code, output, checks });
    });
  });
}

eachDatabase((suite) => {
  let front: BearerFront;
  let server: TestServer;

  before(async () => {
    if (skip) return;
    assert.ok(
      existsSync(NODE_22) && existsSync(CLI),
      `the conformance suite is not installed in ${SUITE_DIR}: npm ci installs it (postinstall)`,
    );
    front = await startBearerFront(() => server.url);
    server = await startTestServer(
      suite.database,
      { BASE_URL: front.url, RATE_LIMIT_PER_MINUTE: '0' },
      { listen: true },
    );
    const orgId = (await makeOrganization(suite.db, 'Harbour Hall')).id;
    const user = await makeUser(suite.db, orgId, { role: 'admin' });
    // The whole OAuth dance through the front, which is where the server says it lives.
    const { client, auth } = await connectAssistant(
      { ...server, url: front.url, fetch },
      { email: user.email, organizationId: orgId },
    );
    await client.close();
    front.useToken(auth.saved!.access_token);
  });
  after(async () => {
    await server?.close();
    await front?.close();
  });

  for (const scenario of SCENARIOS) {
    it(`passes the conformance scenario ${scenario}`, { skip }, async () => {
      const run = await runScenario(`${front.url}/mcp`, scenario);
      const failed = run.checks.filter((c) => c.status === 'FAILURE');
      assert.deepEqual(failed, [], run.output);
      assert.ok(
        run.checks.some((c) => c.status === 'SUCCESS'),
        `no check passed:\n${run.output}`,
      );
      assert.equal(run.code, 0, run.output);
    });
  }
});
