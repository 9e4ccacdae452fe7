/**
 * The client README's install path, as an integrator follows it: `npm pack ./client`, install the
 * tarball into a project of its own, import `@marquee/client` there (JavaScript and types) and
 * call a real Marquee with it.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { promisify } from 'node:util';
import { makeCrm, type CrmFixture } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';

const run = promisify(execFile);
const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, timeout: 120_000 });

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  let project: string;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    crm = await makeCrm(suite.db, 3);
    project = await mkdtemp(path.join(tmpdir(), 'marquee-integration-'));
  });
  after(async () => {
    await server.close();
    await rm(project, { recursive: true, force: true });
  });

  it('installs from a packed tarball and talks to Marquee', async () => {
    await npm(['pack', path.resolve('client'), '--pack-destination', project], process.cwd());
    const [tarball] = (await readdir(project)).filter((f) => f.endsWith('.tgz'));
    assert.equal(tarball, 'marquee-client-0.1.0.tgz');
    await writeFile(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'integration', private: true, type: 'module' }),
    );
    await npm(['install', '--offline', `./${tarball}`], project);
    await writeFile(
      path.join(project, 'main.js'),
      [
        "import { Marquee } from '@marquee/client';",
        'const marquee = new Marquee({',
        '  baseUrl: process.env.MARQUEE_URL,',
        '  clientId: process.env.MARQUEE_CLIENT_ID,',
        '  clientSecret: process.env.MARQUEE_CLIENT_SECRET,',
        '  organizationId: process.env.MARQUEE_ORG,',
        '});',
        "const page = await marquee.forClientCredentials(['crm_read']).bookings.list({ pageSize: 2 }).firstPage();",
        'console.log(JSON.stringify(page.items.map((b) => b.reference)));',
      ].join('\n'),
    );
    const { stdout } = await run(process.execPath, ['main.js'], {
      cwd: project,
      timeout: 30_000,
      env: {
        ...process.env,
        MARQUEE_URL: server.url,
        MARQUEE_CLIENT_ID: crm.venue.privateClient.clientId,
        MARQUEE_CLIENT_SECRET: crm.venue.privateClient.clientSecret,
        MARQUEE_ORG: crm.venue.orgId,
      },
    });
    const references = JSON.parse(stdout) as string[];
    assert.equal(references.length, 2);
    const types = await readdir(path.join(project, 'node_modules/@marquee/client/dist'));
    assert.ok(types.includes('index.d.ts'), 'the types come with it');
  });
});
