/** Pipelines as the API shows them (SPEC §15): a name, a position, and their stages in order. */
import { createHash } from 'node:crypto';
import { Type } from 'typebox';
import { resourceSchema, Timestamp } from '../../api/jsonapi.js';
import type { ReadContext, ResourceDefinition } from '../../api/resource-definition.js';
import type { Db, Trx } from '../../db/database.js';
import { pipelineCodec } from './pipeline.codec.js';

export const PipelineAttributes = Type.Object({
  name: Type.String(),
  position: Type.Integer({ description: 'Pipelines are listed by position' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const PipelineResource = resourceSchema('pipelines', PipelineAttributes, { stages: ['stages'] });

/** The organization's stages by pipeline, in order; `stamp` moves whenever any of them does. */
interface StagesByPipeline extends ReadContext {
  readonly byPipeline: ReadonlyMap<string, readonly string[]>;
}

async function stagesByPipeline(db: Db | Trx, organizationId: string): Promise<StagesByPipeline> {
  const rows = await db
    .selectFrom('stages')
    .select(['id', 'pipeline_id'])
    .where('organization_id', '=', organizationId)
    .orderBy('pipeline_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const hash = createHash('sha256');
  const byPipeline = new Map<string, string[]>();
  for (const { id, pipeline_id: pipelineId } of rows) {
    hash.update(`${pipelineId}\u0000${id}\u0000`);
    byPipeline.set(pipelineId, [...(byPipeline.get(pipelineId) ?? []), id]);
  }
  return { byPipeline, stamp: hash.digest('base64url').slice(0, 16) };
}

const stageIdsOf = (id: string, context: unknown) =>
  (context as StagesByPipeline | undefined)?.byPipeline.get(id) ?? [];

const stagesOf = (row: { id: string }, context?: unknown) =>
  stageIdsOf(row.id, context).map((id) => ({ type: 'stages', id }));

export const pipelineDefinition: ResourceDefinition<'pipelines'> = {
  type: 'pipelines',
  path: '/v2/pipelines',
  schema: PipelineResource,
  tag: 'Pipelines',
  noun: 'pipelines',
  singular: 'pipeline',
  sortable: ['position', 'name', 'created_at', 'updated_at'],
  defaultSort: 'position',
  filters: {
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  includes: {},
  readContext: stagesByPipeline,
  derived: {
    attributes: ['stages'],
    values: (row, context) => [stageIdsOf(row.id, context)],
  },
  toResource: (row, baseUrl, context) => {
    const pipeline = pipelineCodec.decode(row);
    return {
      type: 'pipelines',
      id: pipeline.id,
      attributes: {
        name: pipeline.name,
        position: pipeline.position,
        created_at: pipeline.createdAt,
        updated_at: pipeline.updatedAt,
      },
      relationships: { stages: { data: stagesOf(row, context) } },
      links: { self: `${baseUrl}/v2/pipelines/${pipeline.id}` },
    };
  },
};
