/** Users appear in the API as the owners of records and the authors of notes (`include`). */
import type { IncludeSource } from '../api/resource-definition.js';

export const userSource: IncludeSource = {
  type: 'users',
  fields: ['email', 'name'],
  async load(db, _organizationId, ids) {
    if (ids.length === 0) return [];
    const users = await db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'updated_at'])
      .where('id', 'in', [...ids])
      .execute();
    return users.map((user) => ({
      resource: { type: 'users', id: user.id, attributes: { email: user.email, name: user.name } },
      updatedAt: user.updated_at,
    }));
  },
};
