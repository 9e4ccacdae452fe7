/**
 * The job runner's loop (src/jobs/runner.ts), which drains the jobs kept in the database: a round
 * runs when woken, again at once when woken while one runs, and otherwise every `pollMs`, so
 * work queued by another process is found too. Its timer never keeps the process alive; `stop`
 * waits for the round under way.
 */
export class PollingLoop {
  readonly #round: () => Promise<unknown>;
  readonly #pollMs: number;
  readonly #failed: (error: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  /** `round` drains what is due; `failed` hears what a round threw (the loop goes on). */
  constructor(round: () => Promise<unknown>, pollMs: number, failed: (error: unknown) => void) {
    this.#round = round;
    this.#pollMs = pollMs;
    this.#failed = failed;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Runs a round after `delayMs` (0: at the next turn of the event loop). */
  soon(delayMs = 0): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#run(), delayMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #run(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#round()
      .then(
        () => undefined,
        (error: unknown) => this.#failed(error),
      )
      .finally(() => {
        this.#running = undefined;
        const again = this.#again;
        this.#again = false;
        this.soon(again ? 0 : this.#pollMs);
      });
  }
}
