/** The organization's tax rates (SPEC §12): every member reads them, organization admins manage them. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { changes, createDocument, updateDocument } from '../../api/request-documents.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { taxRateDefinition } from './tax-rate.resource.js';
import {
  createTaxRate,
  deleteTaxRate,
  type TaxRateInput,
  taxRateProblems,
  updateTaxRate,
} from './tax-rates.js';

const TaxRateWriteAttributes = Type.Object(
  {
    name: Type.String({ maxLength: 100, description: 'Unique in the organization whatever its case' }),
    percentage: Type.String({
      maxLength: 20,
      description: 'From 0 to 100, at most four decimals, e.g. "8.875"',
    }),
    inclusive: Type.Boolean({ description: 'Prices already contain it (as EU VAT); default false' }),
    active: Type.Boolean({ description: 'Offered for new lines; default true' }),
  },
  { additionalProperties: false },
);

const TaxRateCreateBody = createDocument('tax_rates', { attributes: changes(TaxRateWriteAttributes) });
const TaxRateUpdateBody = updateDocument('tax_rates', { attributes: changes(TaxRateWriteAttributes) });

const taxRateInput = ({ data }: { data: { attributes?: TaxRateInput | undefined } }): TaxRateInput => ({
  name: data.attributes?.name,
  percentage: data.attributes?.percentage,
  inclusive: data.attributes?.inclusive,
  active: data.attributes?.active,
});

export const taxRateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, taxRateDefinition);
  registerWriteRoutes(app, {
    definition: taxRateDefinition,
    createBody: TaxRateCreateBody,
    updateBody: TaxRateUpdateBody,
    rules: {
      create:
        'A name unique in the organization whatever its case; a percentage from 0 to 100 with at most four decimals.',
      update: 'Lines already made keep the rate they copied.',
      remove: 'Lines already made keep the rate they copied.',
    },
    create: { command: createTaxRate, input: taxRateInput, problems: taxRateProblems },
    update: { command: updateTaxRate, input: taxRateInput, problems: taxRateProblems },
    remove: deleteTaxRate,
  });
};
