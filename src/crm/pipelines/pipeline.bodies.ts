/** The request documents of POST and PATCH /v2/pipelines, /v2/stages and /v2/referral_sources (SPEC §15). */
import { Type } from 'typebox';
import { changes, createDocument, ToOne, updateDocument } from '../../api/request-documents.js';
import { NAME_MAX } from './pipeline-rules.js';

const Name = (description: string) => Type.String({ minLength: 1, maxLength: NAME_MAX, description });
const Position = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description }));

const PipelineWriteAttributes = Type.Object(
  {
    name: Name('Unique in the organization'),
    position: Position('Where it is listed among the pipelines; default after the last'),
  },
  { additionalProperties: false },
);

export const PipelineCreateBody = createDocument('pipelines', { attributes: PipelineWriteAttributes });
export const PipelineUpdateBody = updateDocument('pipelines', {
  attributes: changes(PipelineWriteAttributes),
});

const StageWriteAttributes = Type.Object(
  {
    name: Name('Unique in its pipeline'),
    position: Position('Its place among the stages of its pipeline; default after the last'),
    status: Type.Optional(
      Type.Union([Type.Literal('definite'), Type.Literal('lost'), Type.Null()], {
        description:
          'The booking status it stands for (definite, lost), or null for none; moving a booking into it is that status move',
      }),
    ),
    pipeline_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'A pipeline of the organization (or the pipeline relationship); required on create',
      }),
    ),
  },
  { additionalProperties: false },
);

const StageRelationships = Type.Object(
  { pipeline: Type.Optional(ToOne('pipelines', { description: 'As the pipeline_id attribute' })) },
  { additionalProperties: false },
);

export const StageCreateBody = createDocument('stages', {
  attributes: StageWriteAttributes,
  relationships: Type.Optional(StageRelationships),
});
export const StageUpdateBody = updateDocument('stages', {
  attributes: changes(StageWriteAttributes),
  relationships: changes(StageRelationships),
});

const ReferralSourceWriteAttributes = Type.Object(
  { name: Name('Unique in the organization') },
  { additionalProperties: false },
);

export const ReferralSourceCreateBody = createDocument('referral_sources', {
  attributes: ReferralSourceWriteAttributes,
});
export const ReferralSourceUpdateBody = updateDocument('referral_sources', {
  attributes: changes(ReferralSourceWriteAttributes),
});
