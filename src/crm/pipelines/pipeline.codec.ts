/**
 * Pipelines and their stages as the domain knows them, and their codec: the rows of `pipelines`
 * and `stages` read into values, the one place their positions are coerced (a driver may hand a
 * number over as text). The resources and the commands read the values.
 */
import type { PipelineTable, StageStatus, StageTable } from './pipeline.table.js';

/** A pipeline, as every door sees it. */
export interface Pipeline {
  id: string;
  organizationId: string;
  name: string;
  position: number;
  createdAt: string;
  updatedAt: string;
}

/** A stage of a pipeline, as every door sees it. */
export interface Stage {
  id: string;
  organizationId: string;
  pipelineId: string;
  name: string;
  status: StageStatus | null;
  position: number;
  createdAt: string;
  updatedAt: string;
}

/** A pipeline's or a stage's place among its siblings. */
export const positionOf = (row: Pick<PipelineTable | StageTable, 'position'>): number => Number(row.position);

export const pipelineCodec = {
  decode(row: PipelineTable): Pipeline {
    return {
      id: row.id,
      organizationId: row.organization_id,
      name: row.name,
      position: positionOf(row),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
};

export const stageCodec = {
  decode(row: StageTable): Stage {
    return {
      id: row.id,
      organizationId: row.organization_id,
      pipelineId: row.pipeline_id,
      name: row.name,
      status: row.status ?? null,
      position: positionOf(row),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
};
