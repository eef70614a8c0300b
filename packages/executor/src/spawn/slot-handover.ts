import { sendGoLine, type SlotGrant, type SlotHandover } from '@eval-factory/types';

/**
 * A suite job's side of the slot hand-over (`SlotHandover` in @eval-factory/types; docs/architecture.md, "Suites on one machine"):
 * the slots of the endpoint's parallelism the job may use so far, growing while the job before it gives up the
 * slots of its last requests, and at last `all` once the job before has every answer. A gated engine gets each
 * change as a `go N` line (prestart.ts); any other command is started only when the turn is `full`.
 */
export class FactorySlotHandover implements SlotHandover {
  private granted: SlotGrant = 0;
  private readonly watchers: ((slots: SlotGrant) => void)[] = [];
  private markFull: () => void = () => undefined;
  /** Resolves once the job has the whole parallelism. */
  readonly full = new Promise<void>((resolve) => (this.markFull = resolve));

  /** The first job of an endpoint: everything at once. */
  static whole(): FactorySlotHandover {
    const turn = new FactorySlotHandover();
    turn.giveAll();
    return turn;
  }

  /** `slots` in all so far (the job before has given up that many); a smaller count than before changes nothing. */
  give(slots: SlotGrant): void {
    if (slots === 'all') {
      this.giveAll();
      return;
    }
    if (this.granted === 'all' || slots <= this.granted) return;
    this.granted = slots;
    for (const watch of this.watchers) watch(slots);
  }

  /** The whole parallelism, for good. */
  giveAll(): void {
    if (this.granted === 'all') return;
    this.granted = 'all';
    this.markFull();
    for (const watch of this.watchers) watch('all');
  }

  /** Calls `watch` with the grant as it is now (when there is one) and on every change. */
  watch(watch: (slots: SlotGrant) => void): void {
    this.watchers.push(watch);
    if (this.granted !== 0) watch(this.granted);
  }
}

/**
 * A gated engine's grants as stdin lines (`go N`, then `go`), in the order `turn` gives them; all at once without a
 * turn. `write` gets each line, and whether it is the last.
 */
export function forwardGrants(
  turn: FactorySlotHandover | undefined,
  write: (line: string, last: boolean) => void,
): void {
  if (turn) turn.watch((slots) => write(sendGoLine(slots), slots === 'all'));
  else write(sendGoLine('all'), true);
}
