/**
 * How long a connection may take, so slow clients cannot hold the server (slowloris): the
 * headers within 15 s, the whole request within 30 s (a body trickling in one byte at a time is
 * cut off), idle keep-alive connections closed after 10 s, a socket silent for 60 s closed, and a
 * cap on open connections. Node checks the request deadlines every `checkIntervalMs`.
 *
 * A request whose write is long by design (a change of a custom field's type converts every value
 * in one unit of work, SPEC §19: about a minute over 100,000 values) keeps its socket open however
 * silent for `longWriteIdleTimeoutMs` while that write runs (`duringLongWrite`), so its answer
 * reaches the client (docs/decisions/0020-custom-fields.md). Every other request, and that one
 * before and after its write, keeps the idle limit.
 */
import type { FastifyRequest } from 'fastify';

export interface ServerLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
  longWriteIdleTimeoutMs: number;
  checkIntervalMs: number;
  maxConnections: number;
  maxRequestsPerSocket: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 10_000,
  idleTimeoutMs: 60_000,
  longWriteIdleTimeoutMs: 15 * 60_000,
  checkIntervalMs: 2_000,
  maxConnections: 10_000,
  maxRequestsPerSocket: 10_000,
};

export function serverOptions(limits: ServerLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The connection deadlines the server was built with. */
    serverLimits: ServerLimits;
  }
}

/** Runs `write` with the request's socket kept open however silent for the long-write limit. */
export async function duringLongWrite<T>(request: FastifyRequest, write: () => Promise<T>): Promise<T> {
  const { socket } = request.raw;
  // An injected request (Fastify's inject) has a stand-in socket, without timers.
  if (typeof socket.setTimeout !== 'function') return write();
  const limits = request.server.serverLimits;
  socket.setTimeout(limits.longWriteIdleTimeoutMs);
  try {
    return await write();
  } finally {
    if (!socket.destroyed) socket.setTimeout(limits.idleTimeoutMs);
  }
}
