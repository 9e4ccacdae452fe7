/**
 * Where a booking is in the sales pipeline and where it came from (SPEC §15): `stage_id` and
 * `referral_source_id`, given as attributes (Event Temple's way) or as the relationships `stage`
 * and `referral_source`. Each must be a record of the organization; another organization's id is
 * refused exactly like one that does not exist, at the place the request named it. A new booking
 * named in no stage goes to the first stage of the organization's first pipeline; null takes it
 * out of every stage (or source).
 */
import type { VenueFacts } from '../facts.js';
import type { Problems } from '../validation.js';

/** The stage and source a write names: by attribute, by relationship, or not at all (undefined). */
export interface PlaceInput {
  stage_id?: string | null | undefined;
  referral_source_id?: string | null | undefined;
  stageId?: string | null | undefined;
  referralSourceId?: string | null | undefined;
}

interface Named {
  attribute: 'stage_id' | 'referral_source_id';
  relationship: 'stage' | 'referral_source';
  noun: string;
  exists(facts: VenueFacts, id: string): boolean;
}

const STAGE: Named = {
  attribute: 'stage_id',
  relationship: 'stage',
  noun: 'stage',
  exists: (facts, id) => facts.hasStage(id),
};
const SOURCE: Named = {
  attribute: 'referral_source_id',
  relationship: 'referral_source',
  noun: 'referral source',
  exists: (facts, id) => facts.hasReferralSource(id),
};

/** The id a write gives, judged at the place it was given; undefined when it gives none. */
function given(
  named: Named,
  byAttribute: string | null | undefined,
  byRelationship: string | null | undefined,
  facts: VenueFacts,
  problems: Problems,
): string | null | undefined {
  const unknown = (id: string) => `No ${named.noun} with the id "${id}" exists in this organization.`;
  if (byAttribute !== undefined && byAttribute !== null && !named.exists(facts, byAttribute)) {
    problems.attribute(named.attribute, unknown(byAttribute), 'not_found');
  }
  if (byRelationship !== undefined && byRelationship !== null && !named.exists(facts, byRelationship)) {
    problems.relationship(named.relationship, unknown(byRelationship), 'not_found');
  }
  if (byAttribute !== undefined && byRelationship !== undefined && byAttribute !== byRelationship) {
    problems.relationship(
      named.relationship,
      `${named.attribute} and the ${named.relationship} relationship name different ${named.noun}s; give one of them.`,
      'conflicting_values',
    );
  }
  return byAttribute !== undefined ? byAttribute : byRelationship;
}

/** The ids a booking input names, whose facts its check needs. */
export function placeNames(input: PlaceInput) {
  return {
    stages: [input.stage_id, input.stageId],
    referralSources: [input.referral_source_id, input.referralSourceId],
  };
}

export function checkPlace(
  input: PlaceInput,
  current: { stage_id: string | null; referral_source_id: string | null } | undefined,
  facts: VenueFacts,
  problems: Problems,
): { stage_id: string | null; referral_source_id: string | null } {
  const stage = given(STAGE, input.stage_id, input.stageId, facts, problems);
  const source = given(SOURCE, input.referral_source_id, input.referralSourceId, facts, problems);
  return {
    stage_id: stage !== undefined ? stage : current ? current.stage_id : facts.firstStageId,
    referral_source_id: source !== undefined ? source : (current?.referral_source_id ?? null),
  };
}
