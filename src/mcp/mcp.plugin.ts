/**
 * Marquee's own MCP server (SPEC §16): Streamable HTTP at POST /mcp on the official SDK, stateless
 * (a server and transport per request, no session an other process would need), so it runs in
 * every `serve` process on either database. Every request is authenticated (mcp-auth.ts) and
 * counted against the same rate limits as the API. A grant with crm_read only sees the read
 * tools; a write tool it calls is unknown to it. The metadata of the protected resource (RFC
 * 9728) is served beside it.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { registerRateLimit } from '../api/rate-limit.js';
import type { App } from '../http/app-instance.js';
import { scopeAllows } from '../oauth/scopes.js';
import { registerAvailabilityTool } from './availability-tool.js';
import { registerLeadTool, registerPaymentsTool } from './lead-tools.js';
import { authenticateMcp, type McpCaller } from './mcp-auth.js';
import { PROTECTED_RESOURCE_PATH, protectedResourceMetadata } from './protected-resource.js';
import { registerReadTools } from './read-tools.js';
import type { ToolContext } from './tool-kit.js';
import { registerWriteTools } from './write-tools.js';

const oauthStyle = { errorStyle: 'oauth' as const };

export function mcpServerFor(caller: McpCaller, tool: ToolContext): McpServer {
  const server = new McpServer(
    { name: 'marquee', title: 'Marquee', version: '1' },
    {
      capabilities: { tools: {} },
      instructions:
        'Marquee is the venue’s CRM. Dates and times are in the venue’s time zone unless an offset is given; ' +
        'money is in minor units of the booking’s currency.',
    },
  );
  registerReadTools(server, tool);
  registerAvailabilityTool(server, tool);
  registerPaymentsTool(server, tool);
  if (scopeAllows(caller.scopes, 'crm_manage')) {
    registerLeadTool(server, tool);
    registerWriteTools(server, tool);
  }
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
      const caller = callers.get(request)!;
      const server = mcpServerFor(caller, {
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
