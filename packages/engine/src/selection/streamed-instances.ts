import { InternalError } from '@eval-factory/errors';
import type { Instance } from '@eval-factory/types';

/**
 * The eval instances of a streamed load (`BenchmarkDefinition.loadStream`), in file order: the selection of a run
 * that takes every instance, which needs no instance it has not read yet. `items` grows as the loader reads its
 * file, while the run sends the requests of the instances already there.
 *
 * The loader reads its first `lead` instances (to the end of that batch) and stops there until the run's first
 * answer is in (`release`) or the run asks for an instance it has not read: the first requests do not wait behind
 * the parsing of the rest of the file (at 300k instances, about 10k of them were parsed before the first request
 * left). From then on it reads to the end, a batch (a chunk of the file) per turn of the event loop: the run keeps
 * every selected instance until its end anyway (instances.jsonl, results in order, the counts), so holding it back
 * longer would save no memory, and the progress line gets its total once the file is read.
 */
export class StreamedInstances {
  /** The instances read so far (one array, growing). */
  readonly items: Instance[] = [];
  private complete = false;
  private failure: { error: unknown } | null = null;
  private waiting: (() => void)[] = [];
  private transform: ((instance: Instance) => Instance) | null = null;
  private readonly done: Promise<void>;
  /** Set while the loader waits at `lead` instances for `release`. */
  private held: (() => void) | null = null;
  private released = false;

  constructor(
    source: AsyncIterable<readonly Instance[]>,
    evalSplits: readonly string[],
    private readonly lead = Number.POSITIVE_INFINITY,
  ) {
    this.done = this.read(source, evalSplits);
    // Seen by whoever waits next (`reach`, `ended`); never an unhandled rejection.
    this.done.catch(() => undefined);
  }

  /**
   * Whether instance `index` is there: true once it is read, false when the file ended before it, a promise of
   * either while the file is read. Throws the loader's error (an `EF_DATA_FORMAT` in the middle of the file) from
   * the moment it is known, even for an instance already read: the run stops sending then. `pull`: false for a
   * reader that follows the load without driving it (instances.jsonl): it does not end the wait at `lead`.
   */
  reach(index: number, pull = true): boolean | Promise<boolean> {
    if (this.failure) throw this.failure.error;
    if (index < this.items.length) return true;
    if (this.complete) return false;
    if (pull && index >= this.lead) this.release();
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.reach(index, pull));
  }

  /** Every instance is read (rejects with the loader's error); reading on to the end from now. */
  ended(): Promise<void> {
    this.release();
    return this.done;
  }

  /** The loader reads on past its first `lead` instances (the run's first answer is in). */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.held?.();
    this.held = null;
  }

  /**
   * Replaces every instance read so far with `transform(instance)`, and each one read later as it comes. Once per
   * selection: the run's secret scrub, when its credentials are known (runner/scrub-secrets.ts).
   */
  mapAll(transform: (instance: Instance) => Instance): void {
    // A second transform would replace the first for the instances still to come: those read so far would have both.
    if (this.transform) throw new InternalError('StreamedInstances.mapAll: a selection is mapped once');
    this.transform = transform;
    for (let i = 0; i < this.items.length; i++) this.items[i] = transform(this.items[i]);
  }

  private async read(source: AsyncIterable<readonly Instance[]>, evalSplits: readonly string[]): Promise<void> {
    try {
      for await (const batch of source) {
        for (const instance of batch) {
          if (evalSplits.includes(instance.split))
            this.items.push(this.transform ? this.transform(instance) : instance);
        }
        this.wake();
        if (this.items.length >= this.lead && !this.released)
          await new Promise<void>((resolve) => (this.held = resolve));
      }
    } catch (error) {
      this.failure = { error };
      throw error;
    } finally {
      this.complete = true;
      this.wake();
    }
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
