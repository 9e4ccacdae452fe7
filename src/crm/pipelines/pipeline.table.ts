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

export interface StageTable {
  id: string;
  organization_id: string;
  pipeline_id: string;
  /** Unique within its pipeline. */
  name: string;
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
