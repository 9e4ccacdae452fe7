/**
 * Marquee's own MCP server (SPEC §16): Streamable HTTP at POST /mcp on the official SDK, stateless
 * (a server and transport per request, no session an other process would need), so it runs in
 * every `serve` process on either database. Every request is authenticated (mcp-auth.ts) and
 * counted against the same rate limits as the API. A grant with crm_read only sees the read
 * tools; a write tool it calls is unknown to it. The metadata of the protected resource (RFC
 * 9728) is served beside it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { registerRateLimit } from '../api/rate-limit.js';
import type { App } from '../http/app-instance.js';
import { scopeAllows } from '../policy/scopes.js';
import { registerAvailabilityTool } from './availability-tool.js';
import { registerLeadTool, registerPaymentsTool } from './lead-tools.js';
import { boundRefusals } from './bounded-refusals.js';
import { authenticateMcp, type McpCaller } from './mcp-auth.js';
import { PROTECTED_RESOURCE_PATH, protectedResourceMetadata } from './protected-resource.js';
import { registerReadTools } from './read-tools.js';
import { refusedBatch, refuseRebinding } from './request-guards.js';
import type { ToolContext } from './tool-kit.js';
import { UNTRUSTED_TEXT_INSTRUCTIONS } from './untrusted-text.js';
import { registerWriteTools } from './write-tools.js';
import { registerDraftTool, registerMessageReadTool } from './message-tools.js';
import { registerTaskReadTool, registerTaskWriteTool } from './task-tools.js';

const oauthStyle = { errorStyle: 'oauth' as const };

/** The tools a grant sees: the read tools, or all of them with crm_manage. */
type ToolSet = 'read' | 'manage';

function toolsServer(set: ToolSet, tool: ToolContext, toolNames: () => ReadonlySet<string>): McpServer {
  const server = new McpServer(
    { name: 'marquee', title: 'Marquee', version: '1' },
    {
      // No capabilities here: declaring tools would make the SDK install its tools/call handler
      // at once, before boundRefusals can wrap it; registering the first tool declares them.
      instructions:
        'Marquee is the venue’s CRM. Dates and times you give are in the venue’s time zone unless an offset is given. ' +
        'In structuredContent, instants are UTC (ISO 8601) and money is in minor units of the booking’s currency; ' +
        'each text summary writes days, times and amounts as the venue reads them, in its locale and time zone. ' +
        UNTRUSTED_TEXT_INSTRUCTIONS,
    },
  );
  boundRefusals(server, toolNames);
  registerReadTools(server, tool);
  registerAvailabilityTool(server, tool);
  registerPaymentsTool(server, tool);
  registerMessageReadTool(server, tool);
  registerTaskReadTool(server, tool);
  if (set === 'manage') {
    registerLeadTool(server, tool);
    registerWriteTools(server, tool);
    registerDraftTool(server, tool);
    registerTaskWriteTool(server, tool);
  }
  return server;
}

/** A context no tool runs with: listing the tools reads none of it. */
const LISTING_ONLY = { ctx: null, actor: null, cursors: null, baseUrl: '' } as unknown as ToolContext;

const lists = new Map<ToolSet, Promise<ListToolsResult>>();

/**
 * tools/list as the SDK answers it, drawn once per set of tools in a process and then served from
 * memory: drawing converts every tool's schemas to JSON Schema, a few hundred milliseconds of the
 * event loop, and the tools never change while the process runs. `serve` draws both sets before it
 * takes requests (warmToolLists).
 */
function toolList(set: ToolSet): Promise<ListToolsResult> {
  let list = lists.get(set);
  if (!list) {
    list = (async () => {
      const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
      const server = toolsServer(set, LISTING_ONLY, () => new Set());
      const client = new Client({ name: 'marquee-tool-list', version: '1' });
      await server.connect(serverSide);
      await client.connect(clientSide);
      const listed = await client.listTools();
      await client.close();
      await server.close();
      return listed;
    })();
    lists.set(set, list);
  }
  return list;
}

export async function warmToolLists(): Promise<void> {
  await Promise.all([toolList('read'), toolList('manage')]);
}

export async function mcpServerFor(caller: McpCaller, tool: ToolContext): Promise<McpServer> {
  const set: ToolSet = scopeAllows(caller.scopes, 'crm_manage') ? 'manage' : 'read';
  const listed = await toolList(set);
  const names = new Set(listed.tools.map((t) => t.name));
  const server = toolsServer(set, tool, () => names);
  server.server.setRequestHandler(ListToolsRequestSchema, () => listed);
  return server;
}

/** GET (a stream of server messages) and DELETE (ending a session) mean nothing without sessions. */
function methodNotAllowed(reply: FastifyReply) {
  return reply
    .status(405)
    .header('Allow', 'POST')
    .send({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: send JSON-RPC by POST.' },
      id: null,
    });
}

async function mcpEndpoint(app: App): Promise<void> {
  const callers = new WeakMap<object, McpCaller>();
  app.addHook('onRequest', refuseRebinding(app.ctx.config));
  app.addHook('onRequest', async (request) => {
    const caller = await authenticateMcp(request);
    callers.set(request, caller);
    request.apiAuth = caller.auth;
  });
  await registerRateLimit(app, app.ctx.config);
  const schema = { tags: ['MCP'], security: [{ bearer: [] }], hide: false };

  app.post(
    '/mcp',
    {
      config: oauthStyle,
      schema: {
        ...schema,
        summary: 'The MCP server (Streamable HTTP, JSON-RPC)',
        description: 'An assistant’s token for this resource; tools as SPEC §16 lists them.',
        body: Type.Unknown(),
      },
    },
    async (request, reply) => {
      if (refusedBatch(request.body, reply)) return reply;
      const caller = callers.get(request)!;
      const server = await mcpServerFor(caller, {
        ctx: request.ctx,
        actor: caller.actor,
        cursors: app.cursors,
        baseUrl: app.ctx.config.baseUrl,
      });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.hijack();
      reply.raw.setHeader('X-Request-Id', request.id);
      reply.raw.setHeader('Cache-Control', 'no-store');
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );
  app.get(
    '/mcp',
    { config: oauthStyle, schema: { ...schema, summary: 'Not used (stateless server)' } },
    (_r, reply) => methodNotAllowed(reply),
  );
  app.delete(
    '/mcp',
    { config: oauthStyle, schema: { ...schema, summary: 'Not used (stateless server)' } },
    (_r, reply) => methodNotAllowed(reply),
  );
}

export async function mcpPlugin(app: App): Promise<void> {
  app.get(
    PROTECTED_RESOURCE_PATH,
    {
      config: oauthStyle,
      schema: {
        tags: ['MCP'],
        summary: 'Protected resource metadata of the MCP server (RFC 9728)',
        security: [],
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
    },
    async () => protectedResourceMetadata(app.ctx.config),
  );
  await app.register(mcpEndpoint);
}
