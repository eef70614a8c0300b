/**
 * Loopback servers and a HELM prod_env for the tests of a HELM team's own inputs (helm-prod-env*.int.test.ts,
 * helm-suite-outputs.int.test.ts): two model servers and one judge server, each deployment with its own key, the
 * keys only in credentials.conf.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  rubricReply,
  startFakeJudgeServer,
  startFakeOpenAIServer,
  type FakeJudgeServer,
  type FakeOpenAIServer,
} from '@eval-factory/testkit';

/**
 * Two models of MedHELM's public conf (model → deployment): one whose entries have no num_output_tokens, and a
 * reasoning model, whose entries the conf gives num_output_tokens=4000 (REASONING).
 */
export const MODELS = {
  'google/gemini-2.0-flash-001': 'stanfordhealthcare/gemini-2.0-flash-001',
  'openai/o3-mini-2025-01-31': 'stanfordhealthcare/o3-mini-2025-01-31',
} as const;
/** The models of MODELS whose public-conf entries carry num_output_tokens=4000. */
export const REASONING: ReadonlySet<string> = new Set(['openai/o3-mini-2025-01-31']);
/** The judges of HELM's medhelm/judges.yaml (deployment → served name). */
export const JUDGES = {
  'stanfordhealthcare/gpt-4o-2024-05-13': 'served-gpt-judge',
  'stanfordhealthcare/llama-3.3-70b-instruct': 'served-llama-judge',
  'stanfordhealthcare/claude-3-7-sonnet-20250219': 'served-claude-judge',
} as const;
/** One key per deployment, in credentials.conf's `deployments { … }` only. */
export const KEYS: Record<string, string> = Object.fromEntries(
  [...Object.values(MODELS), ...Object.keys(JUDGES)].map((d, i) => [d, `sk-SENTINEL-${i}-${'q'.repeat(24)}${i}`]),
);
export const bearerHash = (key: string) => createHash('sha256').update(`Bearer ${key}`).digest('hex');

export interface HelmServers {
  /** One per model of MODELS, in order, each requiring its deployment's key. */
  readonly models: FakeOpenAIServer[];
  readonly judges: FakeJudgeServer;
  close(): Promise<void>;
}

export async function startHelmServers(): Promise<HelmServers> {
  const models: FakeOpenAIServer[] = [];
  for (const deployment of Object.values(MODELS))
    models.push(await startFakeOpenAIServer({ requireApiKey: KEYS[deployment]! }));
  const keyOf: Record<string, string> = Object.fromEntries(
    Object.entries(JUDGES).map(([d, served]) => [served, KEYS[d]!]),
  );
  const judges = await startFakeJudgeServer({
    reply: () => rubricReply(),
    // A served name of no prod_env deployment (a --judges roster's) needs no key.
    authorize: (headers, request) => {
      const key = keyOf[request.model ?? ''];
      return key === undefined || headers.authorization === `Bearer ${key}`;
    },
  });
  return {
    models,
    judges,
    close: async () => void (await Promise.all([...models.map((s) => s.close()), judges.close()])),
  };
}

/** `dir/prod_env`: HELM's model_deployments.yaml for MODELS and JUDGES, and credentials.conf with their keys. */
export function writeProdEnv(dir: string, s: HelmServers): string {
  const env = join(dir, 'prod_env');
  mkdirSync(env, { recursive: true });
  const deployment = (name: string, model: string, url: string, served?: string) =>
    `  - name: ${name}\n    model_name: ${model}\n    tokenizer_name: openai/o200k_base\n    max_sequence_length: 128000\n` +
    `    client_spec:\n      class_name: "helm.clients.openai_client.OpenAIClient"\n` +
    `      args: {base_url: "${url}"${served ? `, openai_model_name: ${served}` : ''}}\n`;
  // The second model's deployment names no openai_model_name: HELM sends its model_engine (the part after '/').
  const models = Object.entries(MODELS).map(([m, d], i) =>
    deployment(d, m, s.models[i]!.url, i === 0 ? d.split('/')[1]! : undefined),
  );
  const jury = Object.entries(JUDGES).map(([d, served]) => deployment(d, `judge/${served}`, s.judges.url, served));
  writeFileSync(join(env, 'model_deployments.yaml'), `model_deployments:\n${[...models, ...jury].join('')}`);
  const creds = Object.entries(KEYS).map(([d, k]) => `  "${d}": "${k}"`);
  writeFileSync(join(env, 'credentials.conf'), `deployments {\n${creds.join('\n')}\n}\n`);
  return env;
}
