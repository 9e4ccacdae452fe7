import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type ApiError, ConflictError, NotFoundError, ValidationError } from '../../src/errors.js';
import { addMember, createUser } from '../../src/identity/identity.service.js';
import { findMembership, listMembershipsOfUser } from '../../src/identity/membership.repository.js';
import { hashPassword, verifyPassword } from '../../src/identity/passwords.js';
import { findUserByEmail } from '../../src/identity/user.repository.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  makeOrganization,
  makeUser,
  TEST_PASSWORD,
  TEST_PASSWORD_COST,
  unique,
} from '../helpers/factories.js';

eachDatabase((suite) => {
  it('stores a user with a lower-cased e-mail and a scrypt hash, never the password', async () => {
    const org = await makeOrganization(suite.db);
    const email = `${unique('Mixed.Case')}@Test.Example`;
    const user = await makeUser(suite.db, org.id, { email, role: 'admin' });
    assert.equal(user.email, email.toLowerCase());
    assert.equal(user.role, 'admin');
    const stored = await findUserByEmail(suite.db, email);
    assert.ok(stored);
    assert.match(stored.passwordHash, /^scrypt\$\d+\$8\$1\$/);
    assert.ok(!stored.passwordHash.includes(TEST_PASSWORD));
    assert.equal(await verifyPassword(TEST_PASSWORD, stored.passwordHash), true);
    assert.equal(await verifyPassword('wrong password', stored.passwordHash), false);
  });

  it('refuses a taken e-mail whatever its case', async () => {
    const org = await makeOrganization(suite.db);
    const user = await makeUser(suite.db, org.id);
    await assert.rejects(makeUser(suite.db, org.id, { email: user.email.toUpperCase() }), ConflictError);
  });

  it('validates e-mail, password, role and organization', async () => {
    const org = await makeOrganization(suite.db);
    const base = {
      organizationId: org.id,
      email: `${unique('v')}@test.example`,
      password: TEST_PASSWORD,
      passwordCost: TEST_PASSWORD_COST,
    };
    await assert.rejects(createUser(suite.db, { ...base, email: 'not-an-email' }), ValidationError);
    await assert.rejects(createUser(suite.db, { ...base, password: 'short' }), ValidationError);
    await assert.rejects(createUser(suite.db, { ...base, role: 'owner' }), ValidationError);
    await assert.rejects(createUser(suite.db, { ...base, organizationId: 'nope' }), NotFoundError);
  });

  it('adds an existing user to another organization once', async () => {
    const first = await makeOrganization(suite.db);
    const second = await makeOrganization(suite.db);
    const user = await makeUser(suite.db, first.id);
    const member = await addMember(suite.db, second.id, user.email, 'admin');
    assert.deepEqual(member, { userId: user.id, organizationId: second.id, role: 'admin' });
    assert.equal((await findMembership(suite.db, second.id, user.id))?.role, 'admin');
    assert.equal((await listMembershipsOfUser(suite.db, user.id)).length, 2);
    // The team's command refuses it (a refusal the command line answers as before: 409 already_member).
    await assert.rejects(addMember(suite.db, second.id, user.email), (error: ApiError) => {
      assert.deepEqual([error.status, error.code], [409, 'already_member']);
      assert.equal(error.message, `${user.email} is a member of this organization already.`);
      return true;
    });
    await assert.rejects(addMember(suite.db, second.id, 'nobody@test.example'), NotFoundError);
  });
});

it('hashes carry their cost, so a raised cost still verifies old hashes', async () => {
  const cheap = await hashPassword('pass phrase one', { N: 1024, r: 8, p: 1 });
  const strong = await hashPassword('pass phrase one', { N: 4096, r: 8, p: 2 });
  assert.notEqual(cheap, strong);
  assert.equal(await verifyPassword('pass phrase one', cheap), true);
  assert.equal(await verifyPassword('pass phrase one', strong), true);
  assert.equal(await verifyPassword('pass phrase one', 'garbage'), false);
});
