/**
 * The README's table of the assistant's tools names every tool the MCP server offers a grant with
 * crm_manage, and no other: a tool added to the server without a row leaves assistants' users
 * without its description.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { mcpServerFor } from '../../src/mcp/mcp.plugin.js';
import type { McpCaller } from '../../src/mcp/mcp-auth.js';
import type { ToolContext } from '../../src/mcp/tool-kit.js';

/** The first column of the table under "Tools:" in the README's section on assistants. */
function readmeToolNames(): string[] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## AI assistants (MCP)'));
  const table = section.slice(section.indexOf('| Tool'), section.indexOf('\n\n', section.indexOf('| Tool')));
  return [...table.matchAll(/^\| `([a-z_]+)`/gm)].map((m) => m[1]!);
}

it('lists every tool the MCP server offers in the README’s table, and only those', async () => {
  const caller = { scopes: ['crm_read', 'crm_manage'] } as unknown as McpCaller;
  const server = await mcpServerFor(caller, {} as ToolContext);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'readme-check', version: '1' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  const offered = (await client.listTools()).tools.map((t) => t.name);
  await client.close();
  await server.close();

  assert.deepEqual(readmeToolNames().sort(), offered.sort());
});
