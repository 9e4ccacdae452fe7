/**
 * Resource indicators (RFC 8707): the one resource a token may be asked for is Marquee's MCP
 * server, `<BASE_URL>/mcp` (SPEC §16). A token issued for it works only there, and a token issued
 * without one (for the API) does not work there. Apps that registered themselves exist to be
 * assistants, so their tokens are for `/mcp` whether or not they name it.
 */
import type { Config } from '../config.js';

export function mcpResource(config: Pick<Config, 'baseUrl'>): string {
  return `${config.baseUrl}/mcp`;
}

/** Why `resource` cannot be asked for, or `undefined`; `invalid_target` (RFC 8707 §2). */
export function resourceProblem(config: Pick<Config, 'baseUrl'>, resource: string): string | undefined {
  return resource === mcpResource(config)
    ? undefined
    : `The only resource tokens are issued for is ${mcpResource(config)}; leave resource out for the API.`;
}
