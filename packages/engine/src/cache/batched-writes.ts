/** One stored entry: the key as the store keeps it and its serialised value. */
export type StoredRow = readonly [key: string, value: string];

export interface BatchedWrites {
  /** Resolves once `row` is written (an answer is in the cache before its slot is used again). */
  set(row: StoredRow): Promise<void>;
  /** Resolves once every row given so far has been written or has failed. */
  flush(): Promise<void>;
}

/**
 * Cache writes, one batch at a time: the rows that arrive while a batch is being written go into the next one. At
 * a thousand answers a second the cache costs one statement per batch instead of one per answer (preparing a
 * statement per answer was ~6 % of the engine's CPU). Each `set` resolves once its own batch is written and rejects
 * if that batch failed.
 *
 * The next batch is handed to `write` the moment the batch before it is written, before that batch's answers are
 * released: releasing them sends their slots' next requests and scores them, and the next batch is written
 * meanwhile instead of after that work (an answer waits for at most the batch being written and its own).
 * @param write writes the rows, given as one JSON array of `[key, value]` pairs
 */
export function batchedWrites(write: (rows: string) => Promise<void>): BatchedWrites {
  let queued: { row: StoredRow; done: () => void; failed: (e: unknown) => void }[] = [];
  let writing: Promise<void> | null = null;
  const next = (): void => {
    const batch = queued;
    queued = [];
    writing =
      batch.length === 0
        ? null
        : write(JSON.stringify(batch.map((entry) => entry.row))).then(
            () => {
              next();
              for (const entry of batch) entry.done();
            },
            (error: unknown) => {
              next();
              for (const entry of batch) entry.failed(error);
            },
          );
  };
  return {
    set: (row) =>
      new Promise<void>((done, failed) => {
        queued.push({ row, done, failed });
        if (!writing) next();
      }),
    flush: async () => {
      while (writing) await writing;
    },
  };
}
