/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728) of the MCP server, and the challenge a request
 * without a usable token gets: it points to that document, so an assistant finds Marquee's
 * authorization server, registers itself and asks for a token for `<BASE_URL>/mcp`.
 */
import type { Config } from '../config.js';
import { mcpResource } from '../oauth/resource.js';
import { SCOPES } from '../policy/scopes.js';

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource/mcp';

export function protectedResourceMetadata(config: Pick<Config, 'baseUrl'>) {
  return {
    resource: mcpResource(config),
    authorization_servers: [config.baseUrl],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Marquee',
    resource_documentation: `${config.baseUrl}/docs`,
  };
}

/** The WWW-Authenticate value of a 401 (RFC 9728 §5.1, RFC 6750 §3). */
export function bearerChallenge(
  config: Pick<Config, 'baseUrl'>,
  error?: { code: string; description: string },
): string {
  const metadata = `resource_metadata="${config.baseUrl}${PROTECTED_RESOURCE_PATH}"`;
  if (!error) return `Bearer ${metadata}`;
  const description = error.description.replace(/["\\]/g, "'");
  return `Bearer ${metadata}, error="${error.code}", error_description="${description}"`;
}
