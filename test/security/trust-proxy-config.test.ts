/** TRUST_PROXY (SPEC §10): whose X-Forwarded-For / -Proto are believed; unset trusts nobody. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('TRUST_PROXY', () => {
  it('trusts nobody unless told', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: ' ' }).trustProxy, false);
  });

  it('reads true, a hop count, or addresses and networks', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy, [
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else with one line naming the variable', () => {
    for (const value of [
      'yes',
      '0',
      '10.0.0.0/33',
      '10.0.0.300',
      'proxy.example',
      '10.0.0.1,',
      '::1/129',
      '1.2.3.4/8/1',
    ]) {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: value }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.variable === 'TRUST_PROXY' &&
          !error.message.includes('\n') &&
          /TRUST_PROXY: expected/.test(error.message),
        value,
      );
    }
  });
});
