/**
 * A space as the domain knows it, and its codec: the row of `spaces` read into the value (flags
 * as booleans, its parts and capacities as a list and an object) and a change of the value written
 * back as columns. The row type never leaves this folder.
 */
import { decodeStored, encodeStored } from '../data/field-codec.js';
import type { StoredColumns, StoredValues } from '../data/fields.js';
import { SPACE_FIELDS } from './space.fields.js';

/** The columns of `spaces`. */
export type SpaceTable = { id: string; organization_id: string } & StoredColumns<typeof SPACE_FIELDS>;

/** A venue's room, as every door and rule sees it. */
export type Space = { id: string; organizationId: string } & StoredValues<typeof SPACE_FIELDS>;

/** What a change of a space sets. */
export type SpaceChanges = Partial<Omit<Space, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>>;

export const spaceCodec = {
  decode(row: SpaceTable): Space {
    return { id: row.id, organizationId: row.organization_id, ...decodeStored(SPACE_FIELDS, row) };
  },
  encode(changes: SpaceChanges): Partial<SpaceTable> {
    return encodeStored(SPACE_FIELDS, changes);
  },
};
