import { join } from 'node:path';
import { openRequestCache, type CacheSetup } from '../cache/index.js';
import { readsAs } from '../clients/index.js';
import { JsonlAppender } from '../output/jsonl-appender.js';
import type { Jury } from './jury.js';
import type { JuryPlan } from './plan-jury.js';
import { RUN_FILES } from '@eval-factory/types';

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
    /** The run's cache setup; judges share one Redis namespace (`eval-factory:judge:judges`). */
    cacheSetup: CacheSetup;
    warn(code: string, message: string): void;
    signal?: AbortSignal;
  },
): Promise<JuryStage> {
  // Judges of both protocols share the namespace: an entry is readable if it reads as either.
  const cache = await openRequestCache(o.cacheSetup, 'judge', 'judges', o.warn, (response) =>
    readsAs(response, ['chat', 'anthropic']),
  );
  const log = await JsonlAppender.open(join(o.outputDir, RUN_FILES.judgeResponses));
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
