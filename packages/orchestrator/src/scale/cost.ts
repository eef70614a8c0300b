/**
 * The cost calculator of `run_suite --dry_run` (docs/scale.md): per model endpoint, the units, requests, prompt
 * tokens (the engine's estimate) and the output-token ceiling (Σ max_tokens), and the wall time the endpoint's
 * limits allow. An endpoint's jobs run one after another, each under its own resolved settings (a suite YAML may
 * give each task its own parallelism; flags apply on top): per job the slowest of requests ÷ requests_per_minute,
 * tokens ÷ tokens_per_minute and requests × latency ÷ parallelism (latency: --assumed-latency, default 2 s), summed
 * over the endpoint's jobs. Nothing is sent or written.
 */
import { planUnits, type SuiteJob } from '@eval-factory/suite';
import type { Evaluation } from '@eval-factory/types';
import type { RunSuiteArgs } from '../suite/suite-job-args.js';
import type { ResolvedJobs } from '../suite/suite-preflight.js';
import { sizeJobs } from './suite-units.js';

const DEFAULT_LATENCY_S = 2;

interface EndpointCost {
  units: number;
  requests: number;
  promptTokens: number;
  maxOutputTokens: number;
  seconds: number;
  /** The distinct settings its jobs run with, for the row. */
  readonly limits: Set<string>;
}

/** A job's limits as run_eval resolves them (framework.yml defaults, its run_config, the suite's flags). */
interface Limits {
  readonly parallelism: number;
  readonly rpm: number | null;
  readonly tpm: number | null;
}

/** `resolved`: each job's evaluation, as run_suite's pre-flight resolved it. */
export async function formatCost(
  allJobs: readonly SuiteJob[],
  args: RunSuiteArgs,
  resolved: ResolvedJobs,
): Promise<string> {
  const failed = new Map<string, string>();
  const sizes = await sizeJobs(allJobs, args, true, failed);
  const notCosted = allJobs.filter((j) => failed.has(j.name));
  const note = notCosted.length
    ? `not costed (the data must be on this machine: --data_root):\n${notCosted.map((j) => `  ${j.model} ${j.name}: ${failed.get(j.name)}`).join('\n')}\n`
    : '';
  const jobs = allJobs.filter((j) => !failed.has(j.name));
  if (jobs.length === 0) return note;
  const max = args['max-instances-per-unit'] ?? null;
  const units = planUnits(jobs, max, new Map([...sizes].map(([name, s]) => [name, { instanceIds: s.instanceIds }])));
  const latency = args['assumed-latency'] ?? DEFAULT_LATENCY_S;
  const byEndpoint = new Map<string, EndpointCost>();
  for (const job of jobs) {
    const size = sizes.get(job.name)!;
    const c = byEndpoint.get(job.model) ?? {
      units: 0,
      requests: 0,
      promptTokens: 0,
      maxOutputTokens: 0,
      seconds: 0,
      limits: new Set<string>(),
    };
    c.requests += size.requests;
    c.promptTokens += size.promptTokens;
    c.maxOutputTokens += size.maxOutputTokens;
    const l = limitsOf(resolved.get(job)!);
    c.seconds += Math.max(
      (size.requests * latency) / l.parallelism,
      l.rpm ? (size.requests / l.rpm) * 60 : 0,
      l.tpm ? ((size.promptTokens + size.maxOutputTokens) / l.tpm) * 60 : 0,
    );
    c.limits.add(
      [
        `parallelism ${l.parallelism}`,
        ...(l.rpm ? [`${l.rpm} requests/min`] : []),
        ...(l.tpm ? [`${l.tpm} tokens/min`] : []),
      ].join(', '),
    );
    byEndpoint.set(job.model, c);
  }
  for (const u of units) byEndpoint.get(u.model)!.units++;
  const rows = [...byEndpoint].map(
    ([model, c]) =>
      `  ${model}: ${c.units} units, ${c.requests} requests, ~${c.promptTokens} prompt tokens, ≤ ${c.maxOutputTokens} output tokens, ~${hours(c.seconds)} (${[...c.limits].join('; ')})`,
  );
  return `cost per endpoint (at ${latency} s per request, each job at its own limits; endpoints run at the same time):\n${rows.join('\n')}\n${note}`;
}

/** A job's limits from its evaluation. */
function limitsOf(evaluation: Evaluation): Limits {
  const { parallelism, extra } = evaluation.config.params;
  const positive = (v: unknown) => (typeof v === 'number' && v > 0 ? v : null);
  return {
    parallelism: Math.max(1, Number(parallelism) || 1),
    rpm: positive(extra.requests_per_minute),
    tpm: positive(extra.tokens_per_minute),
  };
}

function hours(seconds: number): string {
  return seconds >= 3600
    ? `${(seconds / 3600).toFixed(1)} h`
    : seconds >= 60
      ? `${(seconds / 60).toFixed(1)} min`
      : `${seconds.toFixed(0)} s`;
}
