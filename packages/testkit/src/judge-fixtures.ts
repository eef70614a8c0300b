/**
 * Fixtures for judged runs (docs/configuration.md#judges): `model_configs/judges.yaml` entries that point at loopback fake
 * judge servers, in the shape model-configs writes (names of credential variables only, never values).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeJudgeServer } from './fake-judge-server.js';

export interface JudgeSetup {
  readonly role: string;
  readonly server: Pick<FakeJudgeServer, 'url' | 'anthropicUrl'>;
  /** Speak Anthropic messages (`nvidia_anthropic`) instead of OpenAI chat. */
  readonly anthropic?: boolean;
  /** judges.yaml `auth`; default `{kind: api_key, env: <ROLE>_JUDGE_API_KEY}`. */
  readonly auth?: Readonly<Record<string, unknown>>;
  readonly model_id?: string;
  readonly auth_header?: string | null;
}

/** One judges.yaml entry. */
export function judgeEntry(j: JudgeSetup): Record<string, unknown> {
  return {
    role: j.role,
    provider: j.anthropic ? 'nvidia_anthropic' : 'openai_compatible',
    base_url: j.anthropic ? null : j.server.url,
    request_url: j.anthropic ? j.server.anthropicUrl : `${j.server.url}/chat/completions`,
    model_id: j.model_id ?? `${j.role}-judge-model`,
    auth: j.auth ?? { kind: 'api_key', env: `${j.role.toUpperCase()}_JUDGE_API_KEY` },
    auth_header: j.auth_header ?? null,
    max_tokens: 4096,
    temperature: 0,
    nvcf_backed: false,
  };
}

/** Writes `<dir>/judges.yaml` (JSON is valid YAML) and returns `dir`. */
export function writeJudgesYaml(dir: string, judges: readonly JudgeSetup[]): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'judges.yaml'), `${JSON.stringify({ judges: judges.map(judgeEntry) }, null, 2)}\n`);
  return dir;
}

/** A small rubric template with the three placeholders (docs/configuration.md#judges). */
export const JUDGE_TEMPLATE =
  'Patient: {{QUESTION}}\nResponse: {{RESPONSE}}\nGold: {{GOLD_RESPONSE}}\nScore accuracy, completeness and clarity from 1 to 5 as JSON.';
