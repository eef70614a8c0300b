import type { PromptRequest } from '@eval-factory/types';
import type { RequestPlan } from '../adapters/index.js';

/**
 * Hands the sender its requests as their turn comes: request `index` is built from the plan when a lane asks for
 * it, once the cache answers of its block have been looked up (one batched lookup per block, the next block's read
 * while this one is sent). The first request leaves as soon as the first block is looked up, whatever the size of
 * the run, and no more than two blocks of requests are ever built ahead of the sending: nothing is prepared faster
 * than the endpoint takes it.
 */
export class RequestFeed {
  private readonly blocks = new Map<number, Promise<void>>();
  /**
   * The requests each block's lookup was given, handed to the sender as they are (each slot emptied when handed
   * out): a request is built once for its lookup and its send, and assembles its prompt once for both.
   */
  private readonly built = new Map<number, (PromptRequest | undefined)[]>();
  private last: Promise<void> = Promise.resolve();

  /** `lookup`: the cache's batched lookup (the model client's prefetch); null when nothing is cached. */
  constructor(
    private readonly plan: RequestPlan,
    private readonly lookup: ((requests: readonly PromptRequest[]) => Promise<unknown>) | null,
    private readonly blockSize = FEED_BLOCK,
  ) {}

  /** How many requests the feed hands out: for a plan still growing (a streamed load), as many as it may come to. */
  get length(): number {
    return this.plan.reach ? Number.MAX_SAFE_INTEGER : this.plan.length;
  }

  /** A growing plan ended before a request that was asked for: there are no more. */
  ended = false;

  /**
   * Starts the first block's lookup now (a suite's next job, before it waits for its turn on the endpoint); a
   * failure is thrown to the first request.
   */
  prime(): void {
    if (this.lookup) this.ready(0).catch(() => undefined);
  }

  /**
   * Request `index`, once its block's cache answers are known to the client; null when a growing plan ended
   * before it. Throws the loader's error (the run stops sending).
   */
  async get(index: number): Promise<PromptRequest | null> {
    if (this.plan.reach && !(await this.plan.reach(index))) {
      this.ended = true;
      return null;
    }
    if (this.lookup) {
      const block = Math.floor(index / this.blockSize);
      await this.ready(block);
      // Read ahead; a failure is thrown to the lane that asks for that block.
      this.ready(block + 1).catch(() => undefined);
      const looked = this.take(block, index - block * this.blockSize);
      if (looked) return looked;
    }
    return this.plan.at(index);
  }

  /** The request its block's lookup was given, once (a lane that comes after its block was dropped builds it). */
  private take(block: number, offset: number): PromptRequest | undefined {
    const requests = this.built.get(block);
    const request = requests?.[offset];
    if (requests && request) requests[offset] = undefined;
    return request;
  }

  /** The lookup of one block, started once; blocks are looked up in order, one at a time. */
  private ready(block: number): Promise<void> {
    const known = this.blocks.get(block);
    if (known) return known;
    const start = block * this.blockSize;
    const { plan, lookup } = this;
    if ((start >= plan.length && !plan.reach) || !lookup) return Promise.resolve();
    const done = this.last.then(async () => {
      // A growing plan: the block once its instances are read (or the file ended within it).
      if (plan.reach) await plan.reach(start + this.blockSize - 1);
      const end = Math.min(plan.length, start + this.blockSize);
      if (end <= start) return;
      const requests = Array.from({ length: end - start }, (_, i) => plan.at(start + i));
      this.built.set(block, requests);
      await lookup(requests);
    });
    this.last = done;
    this.blocks.set(block, done);
    this.blocks.delete(block - 2);
    this.built.delete(block - 2);
    return done;
  }
}

/** Requests per cache lookup: the client's own batch, so a block is one round trip to SQLite or Redis. */
export const FEED_BLOCK = 500;
