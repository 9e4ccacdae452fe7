/**
 * An assistant for tests: the MCP SDK's own client over Streamable HTTP, with an OAuth provider
 * that registers itself (RFC 7591), asks for a token for `/mcp` with PKCE, and lets the test walk
 * the real sign-in and consent pages as a person where a desktop assistant would open a browser.
 */
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TestServer } from './app.js';
import { runAuthorize } from './oauth.js';

export const ASSISTANT_REDIRECT = 'http://127.0.0.1:9/assistant-callback';

export class TestAssistantAuth implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;

  constructor(
    private readonly name = 'Test assistant',
    private readonly scope?: string,
  ) {}

  get redirectUrl() {
    return ASSISTANT_REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [ASSISTANT_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.scope ? { scope: this.scope } : {}),
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

export function mcpUrl(server: TestServer): URL {
  return new URL(`${server.url}/mcp`);
}

/** A connected SDK client using the provider's tokens. */
export async function connectClient(server: TestServer, auth: TestAssistantAuth): Promise<Client> {
  const client = new Client({ name: 'marquee-tests', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(server), { authProvider: auth }));
  return client;
}

export interface ConnectOptions {
  email: string;
  /** The organization to choose on consent (the first shown when omitted). */
  organizationId?: string;
  /** Scopes the assistant registers and asks for (both, by default). */
  scope?: string;
}

/**
 * The whole first connection: the 401 and its metadata, registration, the authorization URL
 * walked as the person (sign-in, consent), the code exchanged with its PKCE verifier; then a
 * client connected with the token.
 */
export async function connectAssistant(
  server: TestServer,
  options: ConnectOptions,
): Promise<{ client: Client; auth: TestAssistantAuth }> {
  const auth = new TestAssistantAuth('Test assistant', options.scope);
  const transport = new StreamableHTTPClientTransport(mcpUrl(server), { authProvider: auth });
  const first = new Client({ name: 'marquee-tests', version: '1' });
  await assert.rejects(first.connect(transport), /Unauthorized/);
  assert.ok(auth.authorizationUrl, 'the client was sent to authorize');
  // The SDK asks for every scope the metadata lists; an assistant may ask for fewer.
  if (options.scope) auth.authorizationUrl.searchParams.set('scope', options.scope);
  const { redirect } = await runAuthorize(server, {
    url: auth.authorizationUrl.href,
    clientId: '',
    email: options.email,
    ...(options.organizationId ? { organizationIds: [options.organizationId] } : {}),
  });
  const code = redirect.searchParams.get('code');
  assert.ok(code, `no code in ${redirect.href}`);
  await transport.finishAuth(code);
  return { client: await connectClient(server, auth), auth };
}

/** A tool call's structured content, failing the test on a tool error. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  assert.notEqual(result.isError, true, `${name} failed: ${JSON.stringify(result.content)}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a tool's declared output, read by each test
  return result.structuredContent as Record<string, any>;
}

/** The text of a tool error, failing the test when the call succeeded. */
export async function toolRefusal(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  assert.equal(result.isError, true, `${name} was expected to be refused: ${JSON.stringify(result)}`);
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ');
}
