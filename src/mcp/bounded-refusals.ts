/**
 * Refusals of tool calls stay short whatever the input (SPEC §16): the SDK answers an unknown
 * tool with its name quoted whole, so a call to a tool named with 900 KB would be answered with
 * 900 KB. The tools/call handler the SDK installs is wrapped: an unknown name is refused here in
 * words quoting a short excerpt, and any refusal's text is cut to REFUSAL_LENGTH characters as a
 * last guard (the tools' own words quote excerpts already, src/text-excerpt.ts).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type CallToolResult, CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { excerpt } from '../text-excerpt.js';
import { refused } from './tool-kit.js';

export const REFUSAL_LENGTH = 2000;

type CallToolHandler = (
  request: { params: { name: string } },
  extra: unknown,
) => CallToolResult | Promise<CallToolResult>;

function shortened(result: CallToolResult): CallToolResult {
  if (result.isError !== true) return result;
  return {
    ...result,
    content: result.content.map((c) =>
      c.type === 'text' && c.text.length > REFUSAL_LENGTH
        ? { ...c, text: excerpt(c.text, REFUSAL_LENGTH) }
        : c,
    ),
  };
}

/**
 * Call before any tool is registered, on a server made without a tools capability: the SDK
 * installs its tools/call handler when the first tool is registered (or at once when the
 * capability is declared in its options).
 */
export function boundRefusals(server: McpServer, toolNames: () => ReadonlySet<string>): void {
  const inner = server.server;
  const install = inner.setRequestHandler.bind(inner) as (schema: unknown, handler: unknown) => void;
  inner.setRequestHandler = ((schema: unknown, handler: CallToolHandler) => {
    if (schema !== CallToolRequestSchema) return install(schema, handler);
    const bounded: CallToolHandler = async (request, extra) => {
      const name = request.params.name;
      if (!toolNames().has(name))
        return refused(`Tool "${excerpt(name)}" not found: tools/list names the tools this token may call.`);
      return shortened(await handler(request, extra));
    };
    return install(schema, bounded);
  }) as typeof inner.setRequestHandler;
}
