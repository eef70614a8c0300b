/**
 * The cost calculator of `run_suite --dry_run` (docs/scale.md): per model endpoint, the units, requests, prompt
 * tokens (the engine's estimate) and the output-token ceiling (Σ max_tokens), and the wall time the endpoint's
 * limits allow: the slowest of requests ÷ requests_per_minute, tokens ÷ tokens_per_minute and
 * requests × latency ÷ parallelism (latency: --assumed-latency, default 2 s). Nothing is sent or written.
 */
import { planUnits, type SuiteJob } from '@eval-factory/suite';
import type { RunSuiteArgs } from '../suite-job-args.js';
import { sizeJobs } from './suite-units.js';

const DEFAULT_LATENCY_S = 2;

interface EndpointCost {
  units: number;
  requests: number;
  promptTokens: number;
  maxOutputTokens: number;
}

export async function formatCost(jobs: readonly SuiteJob[], args: RunSuiteArgs): Promise<string> {
  let sizes: Awaited<ReturnType<typeof sizeJobs>>;
  try {
    sizes = await sizeJobs(jobs, args, true);
  } catch (error) {
    return `cost: not computed (${(error as Error).message.split('\n')[0]}); the data must be on this machine (--data_root)\n`;
  }
  const max = args['max-instances-per-unit'] ?? null;
  const units = planUnits(jobs, max, new Map([...sizes].map(([name, s]) => [name, { instanceIds: s.instanceIds }])));
  const byEndpoint = new Map<string, EndpointCost>();
  for (const job of jobs) {
    const size = sizes.get(job.name)!;
    const c = byEndpoint.get(job.model) ?? { units: 0, requests: 0, promptTokens: 0, maxOutputTokens: 0 };
    c.requests += size.requests;
    c.promptTokens += size.promptTokens;
    c.maxOutputTokens += size.maxOutputTokens;
    byEndpoint.set(job.model, c);
  }
  for (const u of units) byEndpoint.get(u.model)!.units++;
  const parallelism = args.parallelism ?? 1;
  const latency = args['assumed-latency'] ?? DEFAULT_LATENCY_S;
  const rpm = args['requests-per-minute'] ?? null;
  const tpm = args['tokens-per-minute'] ?? null;
  const rows = [...byEndpoint].map(([model, c]) => {
    const seconds = Math.max(
      (c.requests * latency) / parallelism,
      rpm ? (c.requests / rpm) * 60 : 0,
      tpm ? ((c.promptTokens + c.maxOutputTokens) / tpm) * 60 : 0,
    );
    return `  ${model}: ${c.units} units, ${c.requests} requests, ~${c.promptTokens} prompt tokens, ≤ ${c.maxOutputTokens} output tokens, ~${hours(seconds)}`;
  });
  const limits = [
    `parallelism ${parallelism}`,
    `${latency} s per request`,
    ...(rpm ? [`${rpm} requests/min`] : []),
    ...(tpm ? [`${tpm} tokens/min`] : []),
  ].join(', ');
  return `cost per endpoint (at ${limits}; endpoints run at the same time):\n${rows.join('\n')}\n`;
}

function hours(seconds: number): string {
  return seconds >= 3600
    ? `${(seconds / 3600).toFixed(1)} h`
    : seconds >= 60
      ? `${(seconds / 60).toFixed(1)} min`
      : `${seconds.toFixed(0)} s`;
}
