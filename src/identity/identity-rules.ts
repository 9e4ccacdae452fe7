/** What a person's account is made of: the roles, how an e-mail looks, a password's lengths. */
import type { Role } from './identity.table.js';

export const ROLES: readonly Role[] = ['admin', 'member'];
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
