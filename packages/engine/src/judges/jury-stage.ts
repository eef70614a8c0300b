import { join } from 'node:path';
import { disabledCache, openSqliteCache } from '../cache/index.js';
import { JsonlAppender } from '../output/atomic.js';
import type { Jury } from './jury.js';
import type { JuryPlan } from './plan-jury.js';

export interface JuryStage {
  readonly jury: Jury;
  /** Flushes `responses/judges.jsonl` and closes the judge cache. */
  close(): Promise<void>;
}

/**
 * Opens what the judge stage writes: the request cache in namespace `judge` (the same store as model answers,
 * opened after the model stage closed it, so there is one writer at a time) and `responses/judges.jsonl`.
 */
export async function openJuryStage(
  plan: JuryPlan,
  o: {
    outputDir: string;
    /** null = caching off (`use_caching: false` / `--disable-cache`). */
    cacheFile: string | null;
    warn(code: string, message: string): void;
    signal?: AbortSignal;
  },
): Promise<JuryStage> {
  const cache = o.cacheFile === null ? disabledCache : await openSqliteCache(o.cacheFile, 'judge', o.warn);
  const log = await JsonlAppender.open(join(o.outputDir, 'responses', 'judges.jsonl'));
  return {
    jury: plan.start({ cache, log, ...(o.signal ? { signal: o.signal } : {}) }),
    close: async () => {
      try {
        await log.close();
      } finally {
        await cache.close();
      }
    },
  };
}
