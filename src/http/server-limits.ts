/**
 * How long a connection may take, so slow clients cannot hold the server (slowloris): the
 * headers within 15 s, the whole request within 30 s (a body trickling in one byte at a time is
 * cut off), idle keep-alive connections closed after 10 s, a socket silent for 60 s closed, and a
 * cap on open connections. Node checks the request deadlines every `checkIntervalMs`.
 */
export interface ServerLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
  checkIntervalMs: number;
  maxConnections: number;
  maxRequestsPerSocket: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 10_000,
  idleTimeoutMs: 60_000,
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
