import type { Annotator, JudgeCall, JudgeCounts, JuryAnnotation, JurySpec } from '@eval-factory/types';
import { isUserError, redact, scrubSecrets } from '@eval-factory/errors';
import { parseJudgeReply, pyStrip } from '@eval-factory/metrics';
import type { JudgeCallRecord, JudgeClient } from './judge-client.js';
import { promptValues, renderJudgePrompt } from './render-prompt.js';

/** Consecutive calls of one judge that exhausted their retries before the judge stage stops (docs/architecture.md). */
export const JUDGE_CIRCUIT_BREAKER = 20;
/** A judge failing (call or parse) on more than this share of its instances adds a warning (§5.3). */
export const JUDGE_WARN_RATE = 0.1;

export interface Jury {
  /** Runs after the benchmark's own annotators; stores a `JuryAnnotation` under `spec.annotator`. */
  readonly annotator: Annotator;
  /** The error that stopped the judge stage (EF_JUDGE_AUTH, EF_JUDGE_NOT_FOUND, EF_JUDGE_DOWN, EF_OAUTH_FAILED…). */
  fatal(): { readonly code: string; readonly message: string } | null;
  counts(): JudgeCounts;
  /** One message naming every judge that failed on more than 10 % of its instances, or null. */
  failureWarning(): string | null;
}

interface Tally {
  calls: number;
  failed_calls: number;
  parse_failures: Record<string, number>;
  instances: number;
  failing: number;
  exhausted_in_a_row: number;
}

/**
 * The jury annotator (docs/configuration.md#judges): per answered instance, every judge in order (gpt, llama, claude),
 * one call each, each call appended to `responses/judges.jsonl`. An empty answer calls nobody. Parse results are
 * only counted and logged here (in the corrected reading); the benchmark's metric family does the scoring from the
 * raw replies. A fatal judge failure (auth, 404, no token) stops the judge stage: continuing with fewer judges
 * would silently change the metric.
 */
export function createJury(o: {
  spec: JurySpec;
  clients: readonly JudgeClient[];
  log: { append(record: unknown): void };
  signal?: AbortSignal;
}): Jury {
  const { spec } = o;
  const tallies = new Map<string, Tally>(
    o.clients.map((c) => [
      c.judge.role,
      { calls: 0, failed_calls: 0, parse_failures: {}, instances: 0, failing: 0, exhausted_in_a_row: 0 },
    ]),
  );
  let unscored = 0;
  let stop: { code: string; message: string } | null = null;
  const halt = (code: string, message: string): never => {
    stop ??= { code, message: redact(message) };
    throw new Error(`not judged: the judge stage stopped (${stop.code})`);
  };

  async function ask(client: JudgeClient, prompt: string): Promise<JudgeCallRecord> {
    try {
      return await client.call(prompt, o.signal);
    } catch (error) {
      if (isUserError(error)) return halt(error.code, `judge ${client.judge.role}: ${error.message}`);
      throw error;
    }
  }

  const annotator: Annotator = {
    name: spec.annotator,
    async annotate({ instance, request, completions }) {
      if (stop) halt(stop.code, stop.message);
      const response = completions[0] ?? '';
      if (pyStrip(response) === '')
        return { prompt_text: null, empty_output_equivalence_judgement: false, judges: {} } satisfies JuryAnnotation;
      // The rubric file is the user's: a secret in it is not sent to the judges nor written.
      const prompt = scrubSecrets(renderJudgePrompt(spec.template, promptValues(instance, response)));
      const judges: Record<string, JudgeCall> = {};
      const causes: string[] = [];
      let anyScore = false;
      for (const client of o.clients) {
        if (stop) halt(stop.code, stop.message);
        const { role } = client.judge;
        const t = tallies.get(role) as Tally;
        const record = await ask(client, prompt);
        const out = record.outcome;
        t.calls++;
        t.instances++;
        const line = {
          instance_id: instance.id,
          train_trial_index: request.train_trial_index,
          judge: role,
          model_id: client.judge.model_id,
          request: record.body,
          request_datetime: record.request_datetime,
          retries: record.retries,
        };
        if (!out.ok) {
          const message = redact(out.message);
          judges[role] = { ok: false, error_kind: out.error_kind, message };
          causes.push(`${role}: ${out.error_kind} (${message})`);
          t.failed_calls++;
          t.failing++;
          o.log.append({
            ...line,
            result: {
              success: false,
              error_kind: out.error_kind,
              error: message,
              ...(out.status_code !== undefined ? { status_code: out.status_code } : {}),
              attempts: out.attempts,
            },
          });
          if (out.error_kind === 'interrupted') throw new Error('not judged: the run was interrupted');
          if (out.fatal)
            halt(
              out.error_kind === 'auth' ? 'EF_JUDGE_AUTH' : 'EF_JUDGE_NOT_FOUND',
              `judge ${role} (${client.judge.model_id} at ${client.judge.request_url}) refused the request: ${message}`,
            );
          t.exhausted_in_a_row = out.retriable ? t.exhausted_in_a_row + 1 : 0;
          if (t.exhausted_in_a_row >= JUDGE_CIRCUIT_BREAKER)
            halt(
              'EF_JUDGE_DOWN',
              `judge ${role}: ${JUDGE_CIRCUIT_BREAKER} consecutive calls failed after all retries (last: ${message})`,
            );
          continue;
        }
        t.exhausted_in_a_row = 0;
        const reply = out.completions[0]?.text ?? '';
        judges[role] = { ok: true, reply, cached: out.cached };
        const parsed = parseJudgeReply(reply, spec.criteria, 'corrected');
        if (parsed.ok) anyScore = true;
        else {
          causes.push(`${role}: unusable reply (${parsed.reason})`);
          t.parse_failures[parsed.reason] = (t.parse_failures[parsed.reason] ?? 0) + 1;
          t.failing++;
        }
        o.log.append({
          ...line,
          result: {
            success: true,
            reply,
            cached: out.cached,
            request_time_s: out.request_time_s,
            attempts: out.attempts,
            ...(out.usage ? { usage: out.usage } : {}),
          },
          ...(parsed.ok
            ? { parsed: parsed.scores, ...(parsed.invalid ? { invalid: parsed.invalid } : {}) }
            : { parse_error: parsed.reason }),
        });
      }
      if (anyScore) return { prompt_text: prompt, judges } satisfies JuryAnnotation;
      unscored++;
      return {
        prompt_text: prompt,
        judges,
        no_verdict: causes.join('; ') || 'no judge was asked',
      } satisfies JuryAnnotation;
    },
  };

  return {
    annotator,
    fatal: () => stop,
    counts() {
      const per_judge = Object.fromEntries(
        [...tallies].map(([role, t]) => [
          role,
          { calls: t.calls, failed_calls: t.failed_calls, parse_failures: { ...t.parse_failures } },
        ]),
      );
      const all = [...tallies.values()];
      const sum = (f: (t: Tally) => number) => all.reduce((a, t) => a + f(t), 0);
      return {
        calls: sum((t) => t.calls),
        failed_calls: sum((t) => t.failed_calls),
        parse_failures: sum((t) => Object.values(t.parse_failures).reduce((a, b) => a + b, 0)),
        unscored_instances: unscored,
        per_judge,
      };
    },
    failureWarning() {
      const bad = [...tallies].filter(([, t]) => t.instances > 0 && t.failing / t.instances > JUDGE_WARN_RATE);
      if (bad.length === 0) return null;
      const parts = bad.map(
        ([role, t]) =>
          `${role} on ${t.failing} of ${t.instances} (${t.failed_calls} failed calls, ${t.failing - t.failed_calls} unusable replies)`,
      );
      return `judges failed on more than ${JUDGE_WARN_RATE * 100} % of their instances: ${parts.join('; ')}; see responses/judges.jsonl`;
    },
  };
}
