/**
 * Deadlines and stops for the requests of `createNodeFetch`, without wiring an abort signal per request. The openai
 * SDK gives every request an AbortController of its own, a timer and a listener; a listener is also what a run's
 * stop signal would need per request. Here one timer serves every deadline of a fetch (a sender's timeout is the
 * same for all its requests, so deadlines come in order) and one listener per stop signal serves every request in
 * flight under it: a request that ends normally only leaves two sets.
 */

/** What a sender passes with a request, through the SDK's `fetchOptions` (it reaches `fetch` as part of `init`). */
export const ATTEMPT = Symbol('eval-factory attempt');
export interface AttemptLimits {
  /** The attempt fails as an abort this long after it starts (the SDK's own timeout, which this replaces). */
  readonly timeoutMs: number;
  /** The run's signal: aborting it ends every request in flight under it. */
  readonly stop?: AbortSignal;
}

interface Entry {
  readonly at: number;
  fire: (() => void) | null;
}

/** Deadlines kept in order, one timer armed for the earliest live one. */
export class Deadlines {
  #entries: Entry[] = [];
  #head = 0;
  #live = 0;
  #timer: NodeJS.Timeout | null = null;
  #armedAt = Number.POSITIVE_INFINITY;

  /** Calls `fire` at `at` (epoch ms) unless the returned cancel runs first. */
  add(at: number, fire: () => void): () => void {
    const entry: Entry = { at, fire };
    const last = this.#entries[this.#entries.length - 1];
    if (last === undefined || last.at <= at) this.#entries.push(entry);
    else this.#entries.splice(this.#insertionIndex(at), 0, entry); // a shorter timeout than the one before
    this.#live++;
    if (at < this.#armedAt) this.#arm(at);
    return () => {
      if (entry.fire === null) return;
      entry.fire = null;
      if (--this.#live === 0) this.#disarm();
      else this.#dropCancelled();
    };
  }

  /** Entries held, live or cancelled and not yet dropped. */
  get size(): number {
    return this.#entries.length - this.#head;
  }

  /**
   * Cancelled entries at the front are dropped as they end: requests mostly end in the order they were sent, and a
   * run that always has some in flight never empties the list, where 600 s of cancelled deadlines (the default
   * timeout) would pile up until the first one is due: hundreds of thousands of entries in a fast run.
   */
  #dropCancelled(): void {
    while (this.#head < this.#entries.length && this.#entries[this.#head].fire === null) this.#head++;
    this.#compact();
  }

  #compact(): void {
    if (this.#head > 1024 && this.#head * 2 > this.#entries.length) {
      this.#entries = this.#entries.slice(this.#head);
      this.#head = 0;
    }
  }

  #insertionIndex(at: number): number {
    let lo = this.#head;
    let hi = this.#entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#entries[mid].at <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #arm(at: number): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#armedAt = at;
    // Unref'd: a deadline never keeps a process alive (a request in flight does, through its socket).
    this.#timer = setTimeout(() => this.#expire(), Math.max(0, at - Date.now())).unref();
  }

  #disarm(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#armedAt = Number.POSITIVE_INFINITY;
    this.#entries = [];
    this.#head = 0;
  }

  #expire(): void {
    this.#timer = null;
    this.#armedAt = Number.POSITIVE_INFINITY;
    const now = Date.now();
    while (this.#head < this.#entries.length) {
      const entry = this.#entries[this.#head];
      if (entry.fire !== null && entry.at > now) break;
      this.#head++;
      const fire = entry.fire;
      if (fire === null) continue;
      entry.fire = null;
      this.#live--;
      fire();
    }
    this.#compact();
    const next = this.#entries[this.#head];
    if (next !== undefined) this.#arm(next.at);
  }
}

/** One abort listener per stop signal while any request waits on it; removed when the last one ends. */
export class Stops {
  readonly #waiting = new Map<AbortSignal, { calls: Set<() => void>; onAbort: () => void }>();

  /** Calls `fire` when `signal` aborts, unless the returned cancel runs first. */
  add(signal: AbortSignal, fire: () => void): () => void {
    let group = this.#waiting.get(signal);
    if (group === undefined) {
      const calls = new Set<() => void>();
      const onAbort = () => {
        this.#waiting.delete(signal);
        for (const call of calls) call();
      };
      group = { calls, onAbort };
      this.#waiting.set(signal, group);
      signal.addEventListener('abort', onAbort, { once: true });
    }
    const { calls, onAbort } = group;
    calls.add(fire);
    return () => {
      if (!calls.delete(fire) || calls.size > 0 || this.#waiting.get(signal) !== group) return;
      this.#waiting.delete(signal);
      signal.removeEventListener('abort', onAbort);
    };
  }
}
