/**
 * The SDK's resource types name exactly the attributes and relationships /openapi.json shows, and
 * its event types are the API's.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  ATTRIBUTES,
  CHANGE_TYPES,
  RELATIONSHIPS,
  type WebhookEndpointWithSecret,
} from '../../client/src/index.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';

interface ResourceSchema {
  attributes: { properties: object };
  relationships?: { properties: object };
}

interface OpenApiDocument {
  paths: Record<
    string,
    {
      get: {
        responses: {
          200: {
            content: Record<
              string,
              {
                schema: {
                  properties: {
                    data: { items?: { properties: ResourceSchema }; properties?: ResourceSchema };
                  };
                };
              }
            >;
          };
        };
      };
    }
  >;
}

const PATHS = {
  bookings: '/v2/bookings',
  events: '/v2/events',
  event_types: '/v2/event_types',
  accounts: '/v2/accounts',
  contacts: '/v2/contacts',
  spaces: '/v2/spaces',
  pipelines: '/v2/pipelines',
  stages: '/v2/stages',
  referral_sources: '/v2/referral_sources',
  tax_rates: '/v2/tax_rates',
  items: '/v2/items',
  line_items: '/v2/line_items',
  installments: '/v2/installments',
  payments: '/v2/payments',
  notes: '/notes',
  documents: '/v2/documents',
  changes: '/v2/changes',
  webhook_endpoints: '/v2/webhook_endpoints',
  organizations: '/v2/organization',
  messages: '/v2/messages',
  email_templates: '/v2/email_templates',
  automations: '/v2/automations',
  automation_runs: '/v2/automation_runs',
  tasks: '/v2/tasks',
} as const;

// The endpoint type has every attribute held against the API below (checked when compiled).
void (ATTRIBUTES.webhook_endpoints satisfies readonly (keyof WebhookEndpointWithSecret)[]);

eachDatabase((suite) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(suite.database, {}, { listen: true });
  });
  after(() => server.close());

  it('matches the attributes and relationships of /openapi.json for every type', async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApiDocument;
    assert.deepEqual(Object.keys(ATTRIBUTES).sort(), Object.keys(PATHS).sort());
    assert.deepEqual(Object.keys(RELATIONSHIPS).sort(), Object.keys(PATHS).sort());
    for (const [type, path] of Object.entries(PATHS) as Array<[keyof typeof PATHS, string]>) {
      const operation = document.paths[path]?.get;
      assert.ok(operation, `${path} is in /openapi.json`);
      // A list's resources, or the single resource of /v2/organization.
      const data = Object.values(operation.responses[200].content)[0]!.schema.properties.data;
      const schema = (data.items?.properties ?? data.properties)!;
      assert.deepEqual(
        Object.keys(schema.attributes.properties).sort(),
        [...ATTRIBUTES[type]].sort(),
        `${type} attributes`,
      );
      assert.deepEqual(
        Object.keys(schema.relationships?.properties ?? {}).sort(),
        [...RELATIONSHIPS[type]].sort(),
        `${type} relationships`,
      );
    }
  });

  it('shows the to-many spaces relationship of bookings as a list of identifiers', async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApiDocument;
    const bookings = Object.values(document.paths['/v2/bookings']!.get.responses[200].content)[0]!.schema
      .properties.data.items!.properties;
    const spaces = (bookings.relationships?.properties as Record<string, { properties: { data: object } }>)
      .spaces;
    assert.equal((spaces?.properties.data as { type?: unknown }).type, 'array');
  });

  it('knows the event types the API sends', async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApiDocument;
    const events = Object.values(document.paths['/v2/changes']!.get.responses[200].content)[0]!.schema
      .properties.data.items!.properties;
    const eventType = (events.attributes.properties as Record<string, { enum?: string[] }>).change_type;
    assert.deepEqual([...(eventType?.enum ?? [])].sort(), [...CHANGE_TYPES].sort());
  });
});
