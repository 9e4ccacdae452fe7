/**
 * The resource types the API knows, for `include`: each feature adds its own when it registers
 * its routes, so the engine can embed a booking's account without knowing what an account is.
 */
import type { Db } from '../db/database.js';
import type {
  IncludedResource,
  IncludeSource,
  OrganizationTable,
  ResourceDefinition,
} from './resource-definition.js';
import { readContextOf } from './resource-definition.js';
import { findRowsByIds } from '../crm/data/record-lookup.js';
import { fieldNames } from './sparse-fields.js';

export class ResourceRegistry {
  readonly #sources = new Map<string, IncludeSource>();

  add(source: IncludeSource): void {
    if (this.#sources.has(source.type)) throw new Error(`resource type ${source.type} registered twice`);
    this.#sources.set(source.type, source);
  }

  source(type: string): IncludeSource | undefined {
    return this.#sources.get(type);
  }

  /** The fields of a type, for `fields[TYPE]`; undefined for a type the API does not know. */
  fieldsOf(type: string): readonly string[] | undefined {
    return this.#sources.get(type)?.fields;
  }
}

/** A definition's rows as an include source. */
export function definitionSource<Table extends OrganizationTable>(
  definition: ResourceDefinition<Table>,
): IncludeSource {
  return {
    type: definition.type,
    fields: fieldNames(definition.schema),
    async load(db: Db, organizationId, ids, baseUrl): Promise<IncludedResource[]> {
      const rows = await findRowsByIds(db, definition, organizationId, ids);
      const context = await readContextOf(db, definition, organizationId);
      return rows.map((row) => ({
        resource: definition.toResource(row, baseUrl, context),
        updatedAt: row.updated_at,
      }));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The resource types of the API scope (src/api/api.plugin.ts). */
    resources: ResourceRegistry;
  }
}
