import type { ResourceIdentifier } from '../api/jsonapi.js';

/** A to-one relationship's identifier, or null when the foreign key is empty. */
export function relation(type: string, id: unknown): ResourceIdentifier | null {
  return typeof id === 'string' && id !== '' ? { type, id } : null;
}
