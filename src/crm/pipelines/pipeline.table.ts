/**
 * A venue's sales pipelines (SPEC §15, as Event Temple has them): each pipeline is an ordered
 * list of stages a booking moves through; referral sources say where a booking came from.
 */
export interface PipelineTable {
  id: string;
  organization_id: string;
  /** Unique within the organization. */
  name: string;
  /** Pipelines are listed by position, then by when they were made. */
  position: number;
  created_at: string;
  updated_at: string;
}

/** The statuses a stage may stand for (SPEC §15): moving a booking into it is that status move. */
export const STAGE_STATUSES = ['definite', 'lost'] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];

export interface StageTable {
  id: string;
  organization_id: string;
  pipeline_id: string;
  /** Unique within its pipeline. */
  name: string;
  /** The booking status it stands for, if any. */
  status: StageStatus | null;
  /** A pipeline's stages are in order of position, then of when they were made. */
  position: number;
  created_at: string;
  updated_at: string;
}

export interface ReferralSourceTable {
  id: string;
  organization_id: string;
  /** Unique within the organization. */
  name: string;
  created_at: string;
  updated_at: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    pipelines: PipelineTable;
    stages: StageTable;
    referral_sources: ReferralSourceTable;
  }
}
