/**
 * A suite job's side of the slot hand-over in its engine (`SlotHandover`, ENGINE_SEND_GATE_ENV in @eval-factory/types,
 * docs/architecture.md "Suites on one machine"). The factory grants slots on stdin; the job lets
 * min(granted, requests not yet finalised) of them onto the wire and gives the others up for good, so that the
 * next job of the endpoint sends during this one's last requests instead of after its slowest answer. A request
 * waiting for a retry is not finalised: it keeps its slot, and the two jobs together never exceed the parallelism.
 */
import type { SlotGrant, SlotHandover } from '@eval-factory/types';
import type { RequestLimiter } from '../clients/index.js';

/**
 * The slot arithmetic: of `granted` slots, a job with `unfinished` requests (in flight, waiting for a retry or
 * not sent yet) keeps `own` and has given up `released` for good. `released` only grows while `granted` grows and
 * `unfinished` shrinks, and `own` is never below what is in flight (at most `unfinished`).
 * @example slotShare(16, 5) // { own: 5, released: 11 }
 */
export function slotShare(granted: number, unfinished: number): { own: number; released: number } {
  const own = Math.max(0, Math.min(granted, unfinished));
  return { own, released: granted - own };
}

export class EngineSlotHandover implements SlotHandover {
  private granted: SlotGrant = 0;
  private reported = 0;
  private runsLeft = 1;
  private run: { limiter: RequestLimiter; parallelism: number; unfinished: number; releases: boolean } | null = null;
  private open: () => void = () => undefined;
  /** Resolves at the first grant: the job may send. */
  readonly opened = new Promise<void>((resolve) => (this.open = resolve));

  /**
   * `report(released)`: called each time the count of slots given up grows (the engine writes `@ef-slots N`).
   * `listen()`: called once, when the first run is ready to send, to start reading the grants (an end of input
   * before then would stop the engine while it still loads).
   */
  constructor(
    private readonly report: (released: number) => void,
    private listen: (() => void) | null = null,
  ) {}

  /** A grant from the factory (`go N` or `go`); a smaller count than before changes nothing. */
  give(slots: SlotGrant): void {
    if (this.granted === 'all' || (slots !== 'all' && slots <= this.granted)) return;
    this.granted = slots;
    if (slots === 'all' || slots > 0) this.open();
    this.update();
  }

  /** The engine runs `n` run entries in turn: only the last may give its slots up (the others need them back). */
  expectRuns(n: number): void {
    this.runsLeft = Math.max(1, n);
  }

  /** A run entry's requests now go through `limiter`, at most `parallelism` at once. */
  bind(limiter: RequestLimiter, parallelism: number, requests: number): void {
    this.runsLeft--;
    this.run = { limiter, parallelism, unfinished: requests, releases: this.runsLeft <= 0 };
    this.update();
    this.listen?.();
    this.listen = null;
  }

  /** One request of the bound run has its final outcome (an answer, a cache hit, a failure after its retries). */
  finalised(): void {
    if (!this.run) return;
    this.run.unfinished--;
    this.update();
  }

  private update(): void {
    const run = this.run;
    if (!run) return;
    const granted = this.granted === 'all' ? run.parallelism : Math.min(this.granted, run.parallelism);
    const { own, released } = slotShare(granted, run.releases ? run.unfinished : Number.POSITIVE_INFINITY);
    run.limiter.setShare(own);
    if (released > this.reported) {
      this.reported = released;
      this.report(released);
    }
  }
}
