/**
 * What the rules of venue data need to know beyond the input: which records of the organization
 * exist, who is a member, what the spaces are called and take. The rules (`check…` functions) are
 * pure functions over facts loaded first, so the API, the pages and the CSV import judge an input
 * alike: a single write loads the facts of the ids it names, an import those of the whole
 * organization at once. Ids of another organization are never among them, so they are refused
 * exactly like ids that do not exist.
 */
import type { Db, Trx } from '../db/database.js';
import { spaceCodec, type SpaceTable } from './spaces/space.value.js';
import { idsInOrganizationCondition } from '../db/id-lookups.js';
import type { StageStatus } from './pipelines/index.js';
import { idsInOrganization } from './records.js';

export interface SpaceFact {
  id: string;
  name: string;
  capacity: number | null;
  /** Guests it takes by setup style, where set. */
  capacities: Readonly<Record<string, number>>;
  shareable: boolean;
  /** Its parts, when it is a combined space. */
  parts: readonly string[];
  /** Archived: it takes no new events and is left out of availability (SPEC §15). */
  archived: boolean;
}

/** Every space of the organization, by id (a venue has tens of them). */
export async function spacesOf(db: Db | Trx, organizationId: string): Promise<Map<string, SpaceFact>> {
  return spacesById(
    await db.selectFrom('spaces').selectAll().where('organization_id', '=', organizationId).execute(),
  );
}

/** A stage of the organization's pipelines, as the booking rules need it (SPEC §15). */
export interface StageFact {
  id: string;
  name: string;
  pipelineId: string;
  /** The booking status it stands for, if any. */
  status: StageStatus | null;
}

export interface VenueFacts {
  /** The user writing, who owns what they create unless another owner is named (null: an import). */
  readonly actorId: string | null;
  hasAccount(id: string): boolean;
  hasContact(id: string): boolean;
  isMember(userId: string): boolean;
  space(id: string): SpaceFact | undefined;
  /** The spaces loaded: those a write names, or (an import's) all of the organization's. */
  readonly spaces: ReadonlyMap<string, SpaceFact>;
  hasStage(id: string): boolean;
  /** A stage of the organization (loaded when the write may move a booking between stages). */
  stage(id: string): StageFact | undefined;
  /** The first stage of the pipeline that stands for `status`, if it has one. */
  firstStageFor(pipelineId: string, status: string): StageFact | undefined;
  /** The last stage of its pipeline before `stageId` that stands for no status, if it has one. */
  plainStageBefore(stageId: string): StageFact | undefined;
  hasReferralSource(id: string): boolean;
  /** Where a new booking named in no stage goes: the first stage of the first pipeline (SPEC §15). */
  readonly firstStageId: string | null;
}

/** The ids a write names, whose facts it needs. */
export interface Named {
  accounts?: ReadonlyArray<string | null | undefined>;
  contacts?: ReadonlyArray<string | null | undefined>;
  members?: ReadonlyArray<string | null | undefined>;
  spaces?: ReadonlyArray<string | null | undefined>;
  stages?: ReadonlyArray<string | null | undefined>;
  referralSources?: ReadonlyArray<string | null | undefined>;
  /**
   * Whether the write needs the organization's stages: a create (its first stage), a stage named,
   * or a status move (the stage that stands for it).
   */
  pipelineStages?: boolean;
}

/** The ids to look up: no record has an empty id or one holding a NUL (which PostgreSQL cannot read). */
const given = (ids: ReadonlyArray<string | null | undefined> | undefined) => [
  ...new Set(
    (ids ?? []).filter((id): id is string => typeof id === 'string' && id !== '' && !id.includes('\u0000')),
  ),
];

export function venueFacts(
  actorId: string | null,
  known: {
    accounts: ReadonlySet<string>;
    contacts: ReadonlySet<string>;
    members: ReadonlySet<string>;
    spaces: ReadonlyMap<string, SpaceFact>;
    /** The organization's stages, pipeline by pipeline in order, each pipeline's in order. */
    stages?: readonly StageFact[];
    referralSources?: ReadonlySet<string>;
  },
): VenueFacts {
  const stages = known.stages ?? [];
  const byId = new Map(stages.map((s) => [s.id, s]));
  return {
    actorId,
    hasAccount: (id) => known.accounts.has(id),
    hasContact: (id) => known.contacts.has(id),
    isMember: (id) => known.members.has(id),
    space: (id) => known.spaces.get(id),
    spaces: known.spaces,
    hasStage: (id) => byId.has(id),
    stage: (id) => byId.get(id),
    firstStageFor: (pipelineId, status) =>
      stages.find((s) => s.pipelineId === pipelineId && s.status === status),
    plainStageBefore: (stageId) => {
      const at = stages.findIndex((s) => s.id === stageId);
      const pipelineId = stages[at]?.pipelineId;
      return stages
        .slice(0, Math.max(at, 0))
        .findLast((s) => s.pipelineId === pipelineId && s.status === null);
    },
    hasReferralSource: (id) => known.referralSources?.has(id) ?? false,
    firstStageId: stages[0]?.id ?? null,
  };
}

/** The facts of the records a single write names. */
export async function loadFacts(
  db: Db | Trx,
  organizationId: string,
  actorId: string | null,
  named: Named,
): Promise<VenueFacts> {
  const members = given(named.members);
  const spaceIds = given(named.spaces);
  const [accounts, contacts, stages, referralSources, memberRows, spaceRows] = await Promise.all([
    idsInOrganization(db, 'accounts', organizationId, given(named.accounts)),
    idsInOrganization(db, 'contacts', organizationId, given(named.contacts)),
    named.pipelineStages || given(named.stages).length > 0 ? stagesOf(db, organizationId) : [],
    idsInOrganization(db, 'referral_sources', organizationId, given(named.referralSources)),
    members.length === 0
      ? []
      : db
          .selectFrom('memberships')
          .select('user_id')
          .where('organization_id', '=', organizationId)
          .where('user_id', 'in', members)
          .execute(),
    spaceIds.length === 0
      ? []
      : db
          .selectFrom('spaces')
          .selectAll()
          .where(idsInOrganizationCondition(db, organizationId, spaceIds))
          .execute(),
  ]);
  return venueFacts(actorId, {
    accounts,
    contacts,
    members: new Set(memberRows.map((m) => m.user_id)),
    spaces: spacesById(spaceRows),
    stages,
    referralSources,
  });
}

/**
 * The organization's stages in the order of its pipelines, then each pipeline's (a venue has a few
 * pipelines of a few stages): the first is where a new booking named in no stage goes.
 */
export async function stagesOf(db: Db | Trx, organizationId: string): Promise<StageFact[]> {
  const rows = await db
    .selectFrom('stages as s')
    .innerJoin('pipelines as p', 'p.id', 's.pipeline_id')
    .select(['s.id', 's.name', 's.pipeline_id', 's.status'])
    .where('s.organization_id', '=', organizationId)
    .orderBy('p.position')
    .orderBy('p.id')
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
  return rows.map((s) => ({ id: s.id, name: s.name, pipelineId: s.pipeline_id, status: s.status ?? null }));
}

/** Spaces' rows as the rules know them (a demo's rows before they are stored, too). */
export function spacesById(rows: ReadonlyArray<SpaceTable>): Map<string, SpaceFact> {
  return new Map(
    rows.map(spaceCodec.decode).map((s) => [
      s.id,
      {
        id: s.id,
        name: s.name,
        capacity: s.capacity,
        capacities: s.capacities,
        shareable: s.shareable,
        parts: s.partIds,
        archived: s.archivedAt !== null,
      },
    ]),
  );
}
