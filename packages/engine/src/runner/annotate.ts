import type { Annotator, AnnotatorContext, BenchmarkDefinition, Instance, PromptRequest } from '@eval-factory/types';
import { runPool } from './pool.js';

export type AnnotationResult =
  | { readonly ok: true; readonly annotations: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly reason: string };

/**
 * Runs the benchmark's annotators (SQL execution, judges) over every answered request, `parallelism` at a time,
 * in declaration order per request, then `after` (the engine's jury annotator). A thrown annotator error leaves that
 * instance unscored with the reason.
 */
export async function annotateAll(opts: {
  benchmark: BenchmarkDefinition;
  items: readonly { instance: Instance; request: PromptRequest; texts: readonly string[] | null }[];
  ctx: AnnotatorContext;
  parallelism: number;
  signal: AbortSignal;
  after?: readonly Annotator[];
}): Promise<(AnnotationResult | undefined)[]> {
  const annotators = [...(opts.benchmark.annotators ?? []), ...(opts.after ?? [])];
  const out: (AnnotationResult | undefined)[] = new Array(opts.items.length);
  if (annotators.length === 0) return out;
  await runPool(
    opts.items,
    opts.parallelism,
    async (item, index) => {
      if (item.texts === null) return;
      const annotations: Record<string, unknown> = {};
      for (const annotator of annotators) {
        try {
          annotations[annotator.name] = await annotator.annotate(
            { instance: item.instance, request: item.request, completions: item.texts },
            opts.ctx,
          );
        } catch (error) {
          out[index] = { ok: false, reason: `annotator ${annotator.name} failed: ${(error as Error).message}` };
          return;
        }
      }
      out[index] = { ok: true, annotations };
    },
    () => opts.signal.aborted,
  );
  return out;
}
