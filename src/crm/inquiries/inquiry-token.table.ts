/** A form token that made an inquiry, kept until it would have expired (inquiry-tokens.ts). */
export interface InquiryTokenUsedTable {
  /** SHA-256 of the token, hex. */
  token_hash: string;
  organization_id: string;
  expires_at: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    inquiry_tokens_used: InquiryTokenUsedTable;
  }
}
