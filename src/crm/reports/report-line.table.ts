/**
 * A line of a definite or closed booking as revenue_by_space counts it (SPEC §14). Written only
 * by the database's triggers (migration 2026-11-30T00): never by the application.
 */
export interface ReportLineTable {
  line_id: string;
  organization_id: string;
  /** The start of the line's event, else of its booking (ISO-8601). */
  at: string;
  /** `at`'s month bucket (src/db/report-sql.ts `monthBucket`). */
  bucket: string;
  currency: string;
  /** The spaces the line counts for: its event's, else its booking's (a JSON array of ids). */
  held: string;
  /** The line's amount modulo its space count (0 with no space), in 0 … count − 1. */
  remainder: number;
  amount: number;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    report_lines: ReportLineTable;
  }
}
