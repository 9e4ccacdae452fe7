/** FreshCache: values live until the next commit anywhere, and a value loaded across one is not kept. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { FreshCache } from '../../src/db/fresh-cache.js';
import { isoTime } from '../../src/clock.js';
import { newId } from '../../src/db/ids.js';
import { eachDatabase } from '../helpers/databases.js';
import { clockPassed, openSecondConnection, readingOf } from '../helpers/second-connection.js';

eachDatabase((suite) => {
  let other: DatabaseHandle;
  before(() => {
    other = openSecondConnection(suite.database);
  });
  after(() => other.close());

  const organizationId = newId();
  const countOrganizations = async () =>
    Number(
      (
        await suite.db
          .selectFrom('organizations')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const insertOrganization = (handle: DatabaseHandle, id = newId()) =>
    handle.db
      .insertInto('organizations')
      .values({ id, name: 'Cached venue', created_at: isoTime(Date.now()), updated_at: isoTime(Date.now()) })
      .execute();

  it('loads once, then answers from memory until something is committed', async () => {
    const clock = suite.database.handle.changes;
    await readingOf(clock);
    const cache = new FreshCache<number>(clock, 10);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return countOrganizations();
    };
    const first = await cache.get('count', load);
    assert.equal(await cache.get('count', load), first);
    assert.equal(loads, 1);

    await insertOrganization(suite.database.handle, organizationId);
    assert.equal(await cache.get('count', load), first + 1);
    assert.equal(loads, 2);
  });

  it('forgets everything once another connection commits', async () => {
    const clock = suite.database.handle.changes;
    const cache = new FreshCache<number>(clock, 10);
    const before = await cache.get('count', countOrganizations);
    const reading = await readingOf(clock);
    await insertOrganization(other);
    await clockPassed(clock, reading);
    assert.equal(await cache.get('count', countOrganizations), before + 1);
  });

  it('does not keep a value loaded while a change committed', async () => {
    const clock = suite.database.handle.changes;
    const cache = new FreshCache<number>(clock, 10);
    const reading = await readingOf(clock);
    const stale = await cache.get('count', async () => {
      const counted = await countOrganizations();
      await insertOrganization(other);
      await clockPassed(clock, reading);
      return counted;
    });
    assert.equal(await cache.get('count', countOrganizations), stale + 1);
  });

  it('keeps no undefined (nothing found) and holds at most its capacity, dropping the oldest', async () => {
    const clock = suite.database.handle.changes;
    await readingOf(clock);
    const cache = new FreshCache<string | undefined>(clock, 2);
    let loads = 0;
    const nothing = async () => {
      loads += 1;
      return undefined;
    };
    await cache.get('missing', nothing);
    await cache.get('missing', nothing);
    assert.equal(loads, 2);

    const loaded: string[] = [];
    const value = (key: string) => async () => {
      loaded.push(key);
      return `value of ${key}`;
    };
    for (const key of ['a', 'b', 'c', 'b', 'a'])
      assert.equal(await cache.get(key, value(key)), `value of ${key}`);
    assert.deepEqual(loaded, ['a', 'b', 'c', 'a']);
    assert.equal(cache.size, 2);
  });

  it('serves but does not keep the values its keep rule refuses', async () => {
    const clock = suite.database.handle.changes;
    await readingOf(clock);
    const cache = new FreshCache<string>(clock, 10, (value) => value.length <= 5);
    let loads = 0;
    const load = (value: string) => async () => {
      loads += 1;
      return value;
    };
    assert.equal(await cache.get('small', load('tiny')), 'tiny');
    assert.equal(await cache.get('small', load('tiny')), 'tiny');
    assert.equal(await cache.get('large', load('far too long')), 'far too long');
    assert.equal(await cache.get('large', load('far too long')), 'far too long');
    assert.equal(loads, 3, 'the small value once, the large one each time');
    assert.equal(cache.size, 1);
  });

  it('with admitOnSecondMiss, keeps a value the second time it is missed, and a scan pushes nothing out', async () => {
    const clock = suite.database.handle.changes;
    await readingOf(clock);
    const cache = new FreshCache<string>(clock, 3, undefined, { admitOnSecondMiss: true });
    const loaded: string[] = [];
    const value = (key: string) => async () => {
      loaded.push(key);
      return `value of ${key}`;
    };
    for (const key of ['a', 'a', 'a', 'b', 'b', 'b'])
      assert.equal(await cache.get(key, value(key)), `value of ${key}`);
    assert.deepEqual(loaded, ['a', 'a', 'b', 'b'], 'loaded twice, then kept');
    assert.equal(cache.size, 2);

    // Keys asked for once each: none is kept, and the kept values stay.
    loaded.length = 0;
    for (const key of ['s1', 's2', 's3', 's4', 's5', 'a', 'b'])
      assert.equal(await cache.get(key, value(key)), `value of ${key}`);
    assert.deepEqual(loaded, ['s1', 's2', 's3', 's4', 's5']);
    assert.equal(cache.size, 2);

    // Only the last `capacity` keys missed once are remembered: s1 and s2 are forgotten.
    loaded.length = 0;
    for (const key of ['s1', 's5', 's5']) assert.equal(await cache.get(key, value(key)), `value of ${key}`);
    assert.deepEqual(loaded, ['s1', 's5'], 's5 kept on its second miss; s1 was missed as if new');

    // A kept value that went stale is kept again at once when it is loaded anew.
    const reading = await readingOf(clock);
    await insertOrganization(other);
    await clockPassed(clock, reading);
    loaded.length = 0;
    for (const key of ['a', 'a']) assert.equal(await cache.get(key, value(key)), `value of ${key}`);
    assert.deepEqual(loaded, ['a'], 'reloaded once, then served from memory');
  });

  it('caches nothing while the clock cannot be read', async () => {
    // A closed connection's clock cannot tell changes any more.
    const closed = openSecondConnection(suite.database);
    await closed.close();
    assert.equal(closed.changes.read(), undefined);
    const cache = new FreshCache<number>(closed.changes, 10);
    let loads = 0;
    for (let i = 0; i < 3; i++)
      await cache.get('count', async () => {
        loads += 1;
        return i;
      });
    assert.equal(loads, 3);
  });
});
