/**
 * A webhook receiver for tests: a real HTTP server on 127.0.0.1 that verifies each delivery with
 * the `standardwebhooks` library (as an integrator would), answers with the statuses it is told
 * to, and lets a test wait for the deliveries it expects.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The verified payload, or undefined when the signature did not verify. */
  event:
    | { id: string; type: string; created_at: string; organization_id: string; data: Record<string, unknown> }
    | undefined;
  status: number;
}

export class WebhookReceiver {
  readonly received: Received[] = [];
  /** Statuses to answer, in turn; 204 once they are used up. */
  answers: number[] = [];
  secret = '';
  #server: Server | undefined;
  #waiters: Array<() => void> = [];

  async start(): Promise<string> {
    this.#server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        let event: Received['event'];
        try {
          event = new Webhook(this.secret).verify(
            body,
            request.headers as Record<string, string>,
          ) as Received['event'];
        } catch {
          event = undefined;
        }
        const status = this.answers.shift() ?? 204;
        this.received.push({
          id: String(request.headers['webhook-id']),
          headers: request.headers,
          body,
          event,
          status,
        });
        response.writeHead(status).end();
        for (const wake of this.#waiters.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/webhooks`;
  }

  /** Resolves once `count` deliveries have arrived in all (fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 10_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} deliveries, got ${this.received.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}
