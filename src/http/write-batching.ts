/**
 * Responses written together: a reply that is ready is held until the event loop has dealt with
 * all the input that woke it (the check phase that follows, setImmediate), and the replies held
 * in that turn are then written one after another, in the order they became ready.
 *
 * Under load one turn of the loop reads many requests (50 connections: often dozens), and most
 * are answered without waiting on anything (SQLite, the caches). Written the moment each is
 * ready, every response meets a peer on this machine asleep (a reverse proxy, a load generator)
 * and pays, inside its `writev`, for waking it on another core; written together, the first
 * wakes it and the rest find it running. On two cores that cut what the socket writes of
 * uncached pages cost to a third (docs/performance.md, "Responses written together"). A
 * request that comes alone is answered in its own turn as before, one phase of the loop later.
 */
import type { App } from './app-instance.js';

export function batchResponseWrites(app: App): void {
  let held: Array<() => void> = [];
  const writeHeld = () => {
    const ready = held;
    held = [];
    for (const write of ready) write();
  };
  // The first onSend hook, so every later one (headers, ETags) runs when its reply is written.
  app.addHook('onSend', (_request, _reply, payload, done) => {
    if (held.length === 0) setImmediate(writeHeld);
    held.push(() => done(null, payload));
  });
}
