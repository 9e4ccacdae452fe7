/**
 * Request log lines name the client's address: the one X-Forwarded-For reports when TRUST_PROXY
 * trusts the sender, the connection's own otherwise (SPEC §10).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { startTestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { fromAddress } from './from-address.js';

eachDatabase((suite) => {
  it('logs the forwarded address only from a trusted proxy', async () => {
    for (const [trust, expected] of [
      ['127.0.0.1', '203.0.113.77'],
      ['false', '127.0.0.1'],
      ['10.0.0.0/8', '127.0.0.1'],
    ] as const) {
      const server = await startTestServer(suite.database, { TRUST_PROXY: trust, LOG_LEVEL: 'info' });
      try {
        await fromAddress(server.fetch, '203.0.113.77')(`${server.url}/sign-in`);
        const line = server.logs.find(
          (l) => l.includes('incoming request') && l.includes('"path":"/sign-in"'),
        );
        assert.ok(line, 'a request line');
        assert.equal((JSON.parse(line) as { req: { ip: string } }).req.ip, expected, `TRUST_PROXY=${trust}`);
      } finally {
        await server.close();
      }
    }
  });
});
