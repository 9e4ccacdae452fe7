/**
 * A real HTTP proxy in front of a real Marquee that misbehaves on purpose: it can answer a request
 * itself (e.g. 429) or forward it and then lose the answer (e.g. 503 after the server acted), to
 * test a client's retries without mocking anything.
 */
import { createServer, type IncomingMessage } from 'node:http';

export type Fault =
  'forward' | { status: number; headers?: Record<string, string> } | { forwardThenStatus: number };

export interface FaultProxy {
  url: string;
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

export async function startFaultProxy(
  target: string,
  decide: (method: string, path: string, index: number) => Fault,
): Promise<FaultProxy> {
  const requests: FaultProxy['requests'] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers });
    const fault = decide(req.method ?? 'GET', path, requests.length - 1);
    if (typeof fault === 'object' && 'status' in fault) {
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      res.end(
        JSON.stringify({
          errors: [
            {
              status: String(fault.status),
              code: 'injected',
              title: 'Injected',
              detail: 'Injected by the test proxy',
            },
          ],
        }),
      );
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
    ) as Record<string, string>;
    const upstream = await fetch(`${target}${path}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    if (typeof fault === 'object' && 'forwardThenStatus' in fault) {
      res.writeHead(fault.forwardThenStatus, { 'content-type': 'application/json' });
      res.end(
        '{"errors":[{"status":"503","code":"injected","title":"Lost","detail":"The answer was lost on the way"}]}',
      );
      return;
    }
    const responseHeaders: Record<string, string> = {};
    upstream.headers.forEach((value, key) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(key))
        responseHeaders[key] = value;
    });
    res.writeHead(upstream.status, responseHeaders);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
