/**
 * A front on 127.0.0.1 that passes every request to a Marquee server unchanged (method, path,
 * Host, Origin, body) and, once given an assistant's token, adds `Authorization: Bearer …` to
 * requests for /mcp that carry none. For clients that cannot send a header of their own: the MCP
 * conformance suite's server mode takes only a URL. Start it before the server and give the
 * server its address as BASE_URL, so the front is where the server says it lives.
 */
import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';

export interface BearerFront {
  url: string;
  /** The token added from now on. */
  useToken(token: string): void;
  close(): Promise<void>;
}

export async function startBearerFront(target: () => string): Promise<BearerFront> {
  let token: string | undefined;
  const server: Server = createServer((incoming: IncomingMessage, outgoing) => {
    const to = new URL(target());
    const headers = { ...incoming.headers };
    if (token && incoming.url?.startsWith('/mcp') && !headers.authorization)
      headers.authorization = `Bearer ${token}`;
    const upstream = forward(
      { host: to.hostname, port: to.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    useToken(value) {
      token = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
