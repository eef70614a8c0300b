import { writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { completedRequests, RUN_FILES } from '@eval-factory/types';
import type { Progress, TickKind } from './progress.js';

/** At most one write a second: the launcher's `status` polls the file, it needs no more. */
const INTERVAL_MS = 1000;

/**
 * `progress` in the output folder: the number of requests with their final outcome, as one integer, which NeMo
 * Evaluator's launcher reads for its `status` (its local executor's `_get_progress`). Written at most once a second
 * while requests complete, and at the end; a failed write only loses an update (the run does not depend on it).
 */
export function withProgressFile(progress: Progress, outputDir: string): Progress {
  const file = join(outputDir, RUN_FILES.progress);
  const counts = { done: 0, cached: 0, duplicates: 0, failed: 0 };
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    timer = null;
    const text = String(completedRequests(counts));
    writing = writing.then(() => writeFile(file, text).catch(() => undefined));
  };
  write();
  return {
    retryWait: (t) => progress.retryWait(t),
    retryDone: () => progress.retryDone(),
    tick(kind: TickKind, cause?: string) {
      counts[kind === 'duplicate' ? 'duplicates' : kind]++;
      progress.tick(kind, cause);
      timer ??= setTimeout(write, INTERVAL_MS).unref();
    },
    finish() {
      if (timer) clearTimeout(timer);
      try {
        writeFileSync(file, String(completedRequests(counts))); // the final count, before the process may exit
      } catch {}
      progress.finish();
    },
  };
}
