/** The stages of a pipeline as the API shows them (SPEC §15), with Event Temple's `pipeline_id`. */
import { Type } from 'typebox';
import { resourceSchema, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../../api/relation.js';
import { stageCodec } from './pipeline.codec.js';

export const StageAttributes = Type.Object({
  name: Type.String(),
  position: Type.Integer({ description: "Its place among its pipeline's stages" }),
  status: Type.Union([Type.Literal('definite'), Type.Literal('lost'), Type.Null()], {
    description:
      'The booking status it stands for: moving a booking into it is that status move (refused as the move would be), and a booking moved to that status goes to the first such stage of its pipeline. null: none',
  }),
  pipeline_id: Type.String({ description: 'The pipeline it is a stage of' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const StageResource = resourceSchema('stages', StageAttributes, { pipeline: 'pipelines' });

export const stageDefinition: ResourceDefinition<'stages'> = {
  type: 'stages',
  path: '/v2/stages',
  schema: StageResource,
  tag: 'Pipelines',
  noun: 'stages',
  singular: 'stage',
  sortable: ['position', 'name', 'created_at', 'updated_at'],
  defaultSort: 'position',
  filters: {
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
    pipeline_id: { column: 'pipeline_id', kind: 'id' },
  },
  includes: { pipeline: (row) => relation('pipelines', row.pipeline_id) },
  toResource: (row, baseUrl) => {
    const stage = stageCodec.decode(row);
    return {
      type: 'stages',
      id: stage.id,
      attributes: {
        name: stage.name,
        position: stage.position,
        status: stage.status,
        pipeline_id: stage.pipelineId,
        created_at: stage.createdAt,
        updated_at: stage.updatedAt,
      },
      relationships: { pipeline: { data: relation('pipelines', stage.pipelineId) } },
      links: { self: `${baseUrl}/v2/stages/${stage.id}` },
    };
  },
};
