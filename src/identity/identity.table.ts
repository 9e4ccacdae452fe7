export interface OrganizationTable {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface UserTable {
  id: string;
  /** Stored lower-cased; unique across the installation. */
  email: string;
  name: string;
  /** Self-describing scrypt hash (see src/identity/passwords.ts). */
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export type Role = 'admin' | 'member';

export interface MembershipTable {
  organization_id: string;
  user_id: string;
  role: Role;
  created_at: string;
}
