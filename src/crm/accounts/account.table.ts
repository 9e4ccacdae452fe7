export interface AccountTable {
  id: string;
  organization_id: string;
  owner_id: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
  /** JSON object of the values of the organization's custom fields of accounts, by key (SPEC §19). */
  custom_fields: string;
  created_at: string;
  updated_at: string;
}
