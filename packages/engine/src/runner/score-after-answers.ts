/**
 * Scoring after the last answer, for runs whose scores need more than the answer: annotators and judges run over
 * all answers (HELM's order), then every answer is scored into the sink in request order (send-and-score.ts).
 */
import type { Instance, JudgeCounts } from '@eval-factory/types';
import type { CacheSetup } from '../cache/index.js';
import type { ModelCallRecord, RequestSettings } from '../clients/index.js';
import { openJuryStage, type JuryPlan, type JuryStage } from '../judges/index.js';
import { WRITTEN } from '../output/written.js';
import { annotateAll, type AnnotationResult } from './annotate.js';
import type { Diagnostics } from './diagnostics.js';
import type { PreparedRun } from './prepare.js';
import type { ResolvedRun } from './resolve-run.js';
import type { ResultSink } from './result-sink.js';
import { completionTexts, type ScoredResult } from './score.js';

/** What scoring after the answers came to: whether the judges stopped the run, and their counts. */
export interface Scored {
  readonly judgeStop: boolean;
  readonly judges?: { readonly counts: JudgeCounts; readonly helmCompatible: boolean };
}

/** Runs the annotators and judges over every answer, then scores each answer into the sink. */
export async function scoreAfterAnswers(o: {
  run: ResolvedRun;
  prepared: PreparedRun;
  instanceOf: (index: number) => Instance;
  records: readonly (ModelCallRecord | undefined)[];
  scoreAt: (i: number, annotation?: AnnotationResult) => ScoredResult;
  juryPlan: JuryPlan | null;
  outputPath: string;
  parallelism: number;
  diag: Diagnostics;
  signal: AbortSignal;
  cacheSetup: CacheSetup;
  settings: RequestSettings;
  sink: ResultSink;
}): Promise<Scored> {
  const { run, prepared, juryPlan, diag, signal } = o;
  const s = o.settings;
  const stage: JuryStage | null = juryPlan
    ? await openJuryStage(juryPlan, { outputDir: o.outputPath, cacheSetup: o.cacheSetup, warn: diag.warn, signal })
    : null;
  let annotations: Awaited<ReturnType<typeof annotateAll>>;
  try {
    annotations = await annotateAll({
      benchmark: run.benchmark,
      items: Array.from({ length: prepared.requests.length }, (_, i) => ({
        instance: o.instanceOf(i),
        request: prepared.requests.at(i),
        texts: completionTexts(o.records[i]?.outcome, s)?.texts ?? null,
      })),
      ctx: { resources: prepared.loaded.resources ?? {}, warn: diag.warn, log: diag.log },
      parallelism: o.parallelism,
      signal,
      ...(stage ? { after: [stage.jury.annotator] } : {}),
    });
  } finally {
    await stage?.close();
  }
  const judgeStop = stage?.jury.fatal() ?? null;
  if (judgeStop) diag.error(judgeStop.code, judgeStop.message);
  const judgeWarning = stage?.jury.failureWarning();
  if (judgeWarning) diag.warn('EF_JUDGE_FAILURES', judgeWarning);
  // Waited for only when the disk is behind, as every writer's caller does: no await (a turn of the microtask
  // queue) per result while it keeps up.
  for (let i = 0; i < prepared.requests.length; i++) {
    const written = o.sink.add(o.scoreAt(i, annotations[i]), o.records[i]);
    if (written !== WRITTEN) await written;
  }
  const judges =
    stage && juryPlan ? { counts: stage.jury.counts(), helmCompatible: juryPlan.helmCompatible } : undefined;
  return { judgeStop: judgeStop !== null, ...(judges ? { judges } : {}) };
}
