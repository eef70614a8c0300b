/**
 * The engine → factory contract of a dry run (`ef-bench … --dry-run`): beside the request bodies it built
 * (`responses/model.jsonl`), the engine writes this summary as `RUN_FILES.dryRunSummary` in the output folder. The
 * factory sizes runs and suites from it (run_eval's size line, run_suite's work units and cost estimate) and never
 * from the sentence the engine prints for people, which may change wording.
 */

export interface DryRunSummary {
  readonly schema_version: 1;
  readonly instances: number;
  readonly requests: number;
  /** Σ prompt characters over every request (all messages of a chat request). */
  readonly prompt_characters: number;
  /** The engine's estimate: prompt characters / 4, rounded up. */
  readonly prompt_tokens: number;
  /** Σ max_tokens over every request body: the most output tokens the run can be billed for. */
  readonly max_output_tokens: number;
}

/** The summary of a dry run that built `requests` requests for `instances` instances. */
export function dryRunSummary(counts: {
  instances: number;
  requests: number;
  promptCharacters: number;
  maxOutputTokens: number;
}): DryRunSummary {
  return {
    schema_version: 1,
    instances: counts.instances,
    requests: counts.requests,
    prompt_characters: counts.promptCharacters,
    prompt_tokens: Math.ceil(counts.promptCharacters / 4),
    max_output_tokens: counts.maxOutputTokens,
  };
}

/** What a person reads of it: `dry run: 3 instances, 3 requests, 1200 prompt characters (~300 tokens)`. */
export function dryRunSentence(s: DryRunSummary): string {
  return `dry run: ${s.instances} instances, ${s.requests} requests, ${s.prompt_characters} prompt characters (~${s.prompt_tokens} tokens)`;
}

const COUNTS = ['instances', 'requests', 'prompt_characters', 'prompt_tokens', 'max_output_tokens'] as const;

/**
 * The summary in `text` (the file's content), or what is wrong with it: not JSON, another schema version, or a
 * count that is missing or not a whole number ≥ 0. A reader never takes a damaged summary for a run of size 0.
 */
export function readDryRunSummary(text: string): { summary: DryRunSummary } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'is not a JSON object' };
  const record = value as Record<string, unknown>;
  if (record.schema_version !== 1) return { problem: `has schema_version ${String(record.schema_version)}, not 1` };
  for (const key of COUNTS) {
    const n = record[key];
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
      return { problem: `has no count ${key} (a whole number ≥ 0)` };
  }
  return { summary: record as unknown as DryRunSummary };
}
