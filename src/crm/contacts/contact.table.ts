export interface ContactTable {
  id: string;
  organization_id: string;
  account_id: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  title: string | null;
  /** JSON object of the values of the organization's custom fields of contacts, by key (SPEC §19). */
  custom_fields: string;
  created_at: string;
  updated_at: string;
}
