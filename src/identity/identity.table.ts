import type { Generated } from 'kysely';
import type { RoleName } from '../policy/roles.js';

export interface OrganizationTable {
  id: string;
  name: string;
  /** IANA time zone the workspace shows the venue's times in. */
  timezone: Generated<string>;
  /** ISO 4217 code new bookings start in. */
  currency: Generated<string>;
  /** The service charge as a percentage, a decimal string ("20"; "0" for none). */
  service_charge_percentage: Generated<string>;
  /** 1 when taxes are charged on the service charge. */
  service_charge_taxable: Generated<number>;
  /** JSON list of the item categories that count as food and beverage. */
  fnb_categories: Generated<string>;
  /** JSON of its inquiry form's settings (src/crm/inquiries/inquiry-form.ts); null: never set. */
  inquiry_form: Generated<string | null>;
  /** Its inquiry form's address, /inquire/<slug>: unique across the installation. */
  inquiry_slug: Generated<string | null>;
  /** 1 while assistants that registered themselves (SPEC §16) may be granted this organization. */
  assistant_registration: Generated<number>;
  /** The From its e-mail is sent with (Settings → Outgoing mail); null: the installation's MAIL_FROM. */
  mail_from_name: Generated<string | null>;
  mail_from_address: Generated<string | null>;
  /** BCP 47 tag its dates, times and amounts are shown in; null: its time zone's (src/locale.ts). */
  locale: Generated<string | null>;
  /** JSON `{days, start, end}` its automated mail may go out in (SPEC §18); null: the default. */
  sending_window: Generated<string | null>;
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

/** A staff member's role: what it grants is data (src/policy/roles.ts). */
export type Role = RoleName;

export interface MembershipTable {
  organization_id: string;
  user_id: string;
  role: Role;
  /** Which e-mails about their tasks they take (SPEC §18): `each`, `digest` or `off`. */
  task_emails: Generated<string>;
  created_at: string;
}

/** A one-time link to set a password (an invitation), by the SHA-256 of its token. */
export interface PasswordLinkTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../db/database.js' {
  interface Database {
    organizations: OrganizationTable;
    users: UserTable;
    memberships: MembershipTable;
    password_links: PasswordLinkTable;
  }
}
