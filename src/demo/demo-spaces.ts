/**
 * The demo venue's spaces (SPEC §11): a Grand Ballroom made of Salon A and Salon B, a lawn that
 * ceremonies and drinks may share, rooms from a library for a board to a terrace for a party.
 * Each takes a number of guests by setup style; its capacity is the largest of them (standing),
 * so no event that fits its style is over the space's general figure.
 */
import type { Insertable } from 'kysely';
import type { SetupStyle } from '../crm/events/event.table.js';
import type { SpacePartTable } from '../crm/spaces/space.table.js';
import { spaceCodec } from '../crm/spaces/index.js';
import type { SpaceTable } from '../crm/spaces/space.table.js';
import { newId } from '../db/ids.js';

export type DemoSpaceName =
  | 'Grand Ballroom'
  | 'Salon A'
  | 'Salon B'
  | 'Harbor Lawn'
  | 'Garden Pavilion'
  | 'Rooftop Terrace'
  | 'Harbor Room'
  | 'Loft'
  | 'Library';

interface RoomPlan {
  name: DemoSpaceName;
  capacities: Partial<Record<SetupStyle, number>>;
  shareable?: boolean;
  parts?: DemoSpaceName[];
}

const ROOMS: readonly RoomPlan[] = [
  {
    name: 'Grand Ballroom',
    capacities: { reception: 400, theatre: 360, banquet: 260, cabaret: 200, classroom: 180 },
    parts: ['Salon A', 'Salon B'],
  },
  {
    name: 'Salon A',
    capacities: {
      reception: 200,
      theatre: 180,
      banquet: 130,
      cabaret: 100,
      classroom: 90,
      u_shape: 40,
      boardroom: 30,
    },
  },
  {
    name: 'Salon B',
    capacities: {
      reception: 180,
      theatre: 160,
      banquet: 120,
      cabaret: 90,
      classroom: 80,
      u_shape: 36,
      boardroom: 28,
    },
  },
  { name: 'Harbor Lawn', capacities: { reception: 300, theatre: 220, banquet: 160 }, shareable: true },
  { name: 'Garden Pavilion', capacities: { reception: 200, theatre: 180, banquet: 160 } },
  { name: 'Rooftop Terrace', capacities: { reception: 150, theatre: 100, banquet: 90 } },
  {
    name: 'Harbor Room',
    capacities: { reception: 150, theatre: 120, banquet: 100, classroom: 60, u_shape: 36, boardroom: 30 },
  },
  {
    name: 'Loft',
    capacities: { reception: 100, theatre: 80, banquet: 60, classroom: 40, u_shape: 26, boardroom: 20 },
  },
  { name: 'Library', capacities: { theatre: 40, classroom: 24, boardroom: 24, u_shape: 18 } },
];

export interface DemoSpaces {
  rows: Array<SpaceTable & { name: DemoSpaceName; capacity: number }>;
  parts: Array<Insertable<SpacePartTable>>;
  /** A space's id by its name. */
  id(name: DemoSpaceName): string;
}

export function demoSpaces(organizationId: string, createdAt: string): DemoSpaces {
  const ids = new Map(ROOMS.map((room) => [room.name, newId(Date.parse(createdAt))]));
  const id = (name: DemoSpaceName) => ids.get(name)!;
  const rows = ROOMS.map((room) => ({
    ...(spaceCodec.encode({
      shareable: room.shareable ?? false,
      capacities: room.capacities,
      partIds: (room.parts ?? []).map(id),
      area: null,
      archivedAt: null,
    }) as Pick<SpaceTable, 'shareable' | 'capacities' | 'part_ids' | 'area' | 'archived_at'>),
    id: id(room.name),
    organization_id: organizationId,
    name: room.name,
    capacity: Math.max(...Object.values(room.capacities)),
    created_at: createdAt,
    updated_at: createdAt,
  }));
  const parts = ROOMS.flatMap((room) =>
    (room.parts ?? []).map((part) => ({ space_id: id(room.name), part_id: id(part) })),
  );
  return { rows, parts, id };
}
