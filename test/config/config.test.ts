import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, DEFAULT_DATA_DIR, loadConfig } from '../../src/config.js';

describe('configuration (SPEC §2)', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.dataDir, path.resolve('data'), 'the installation folder, not the current one');
    assert.equal(DEFAULT_DATA_DIR, path.resolve('data'));
    assert.equal(config.baseUrl, 'http://127.0.0.1:3000');
    assert.equal(config.authUrl, 'http://127.0.0.1:3000');
    assert.equal(config.accessTokenTtl, 7200);
    assert.equal(config.refreshTokenTtl, 90 * 86400);
    assert.equal(config.authCodeTtl, 600);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.redisUrl, undefined);
    assert.equal(config.rateLimitPerMinute, 100);
    assert.equal(config.refreshReuseGrace, 30);
    assert.equal(config.mailPerHour, 500);
    assert.ok(Object.isFrozen(config));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/marquee',
      MARQUEE_DATA_DIR: '/var/lib/marquee',
      BASE_URL: 'https://api.venue.example/',
      AUTH_URL: 'https://login.venue.example',
      ACCESS_TOKEN_TTL: '1h',
      REFRESH_TOKEN_TTL: '30d',
      AUTH_CODE_TTL: '5m',
      LOG_LEVEL: 'debug',
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_PER_MINUTE: '0',
      REFRESH_REUSE_GRACE: '10',
      MAIL_PER_HOUR: '3',
    });
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.databaseUrl, 'postgres://u@db:5432/marquee');
    assert.equal(config.dataDir, '/var/lib/marquee');
    assert.equal(config.baseUrl, 'https://api.venue.example');
    assert.equal(config.authUrl, 'https://login.venue.example');
    assert.equal(config.accessTokenTtl, 3600);
    assert.equal(config.refreshTokenTtl, 30 * 86400);
    assert.equal(config.authCodeTtl, 300);
    assert.equal(config.logLevel, 'debug');
    assert.equal(config.redisUrl, 'redis://127.0.0.1:6379');
    assert.equal(config.rateLimitPerMinute, 0);
    assert.equal(config.refreshReuseGrace, 10);
    assert.equal(config.mailPerHour, 3);
  });

  it('derives the default addresses from HOST and PORT, and AUTH_URL from BASE_URL', () => {
    assert.equal(loadConfig({ PORT: '4000', HOST: '::1' }).baseUrl, 'http://[::1]:4000');
    assert.equal(loadConfig({ BASE_URL: 'https://crm.example' }).authUrl, 'https://crm.example');
  });

  const bad: Array<[string, string]> = [
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_URL', 'not a url'],
    ['BASE_URL', 'ftp://example.com'],
    ['AUTH_URL', '/relative'],
    ['ACCESS_TOKEN_TTL', '-5'],
    ['ACCESS_TOKEN_TTL', '0'],
    ['REFRESH_TOKEN_TTL', '2 weeks'],
    ['AUTH_CODE_TTL', '1.5'],
    ['LOG_LEVEL', 'loud'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['RATE_LIMIT_PER_MINUTE', '-1'],
    ['REFRESH_REUSE_GRACE', 'soon'],
    ['MAIL_PER_HOUR', '0'],
    ['MAIL_PER_HOUR', '-3'],
    ['MAIL_PER_HOUR', '2.5'],
    ['MAIL_PER_HOUR', 'lots'],
  ];
  for (const [variable, value] of bad) {
    it(`refuses ${variable}=${JSON.stringify(value)} with a message naming the variable`, () => {
      assert.throws(
        () => loadConfig({ [variable]: value }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.variable === variable &&
          error.message.startsWith(`${variable}: expected`) &&
          !error.message.includes('\n'),
      );
    });
  }
});
