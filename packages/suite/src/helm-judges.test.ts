import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { HelmCredentials } from './helm-credentials.js';
import { helmJury, MEDHELM_JUDGES, readJudgesFile, rosterSettings } from './helm-judges.js';
import type { LocalDeployment } from './local-path.js';

const file = (text: string): string => {
  const path = join(mkdtempSync(join(tmpdir(), 'ef-judges-')), 'judges.yaml');
  writeFileSync(path, text);
  return path;
};
const deployment = (name: string, url: string, model_id: string): LocalDeployment => ({
  name,
  model: `x/${model_id}`,
  endpoint: { url, model_id, type: 'chat' },
});
const PROD_ENV = MEDHELM_JUDGES.map((j, i) => deployment(j.model_deployment, `http://127.0.0.1:90${i}/v1`, j.name));
const CREDS: HelmCredentials = { file: 'c', values: { stanfordhealthcareApiKey: 'sk-judges-0123456789' } };

describe("a HELM-dialect suite's jury", () => {
  it("reads HELM's judges file format and a run_config roster", () => {
    const helm = readJudgesFile(
      file('judges:\n  - {name: gpt, model: openai/gpt-4o, model_deployment: local/gpt}\n'),
      '--judges',
    );
    expect(helm).toMatchObject({ kind: 'helm', judges: [{ name: 'gpt', model_deployment: 'local/gpt' }] });
    const roster = readJudgesFile(file('judges:\n  gpt: {url: "http://h/v1", model_id: j}\n'), '--judges');
    expect(roster.kind).toBe('roster');
    expect(rosterSettings((roster as { roster: Record<string, unknown> }).roster)).toEqual({
      'judges.llama.enabled': false,
      'judges.claude.enabled': false,
      'judges.gpt.url': 'http://h/v1',
      'judges.gpt.model_id': 'j',
    });
    expect(() => readJudgesFile(file('judges:\n  - {name: gpt}\n'), '--judges')).toThrow(
      expect.objectContaining({ code: 'EF_JUDGE_CONFIG', message: expect.stringMatching(/judge 1 needs name, model/) }),
    );
  });

  it("resolves HELM's default judges from prod_env deployments, the key by variable name only", () => {
    const { settings, keys } = helmJury(MEDHELM_JUDGES, 'default', PROD_ENV, CREDS, {});
    expect(settings).toMatchObject({
      'judges.gpt.url': 'http://127.0.0.1:900/v1',
      'judges.gpt.model_id': 'gpt',
      'judges.claude.auth': 'api_key_if_set',
      gpt_judge_api_key: 'EF_HELM_KEY_STANFORDHEALTHCARE_GPT_4O_2024_05_13',
    });
    expect(JSON.stringify(settings)).not.toContain('sk-judges');
    expect(keys.get('EF_HELM_KEY_STANFORDHEALTHCARE_LLAMA_3_3_70B_INSTRUCT')).toBe('sk-judges-0123456789');
  });

  it("the role's own variable, when set, wins over credentials.conf", () => {
    const { settings, keys } = helmJury(MEDHELM_JUDGES, 'default', PROD_ENV, CREDS, { GPT_JUDGE_API_KEY: 'k' });
    expect(settings.gpt_judge_api_key).toBe('GPT_JUDGE_API_KEY');
    expect(keys.has('EF_HELM_KEY_STANFORDHEALTHCARE_GPT_4O_2024_05_13')).toBe(false);
  });

  it('a judge deployment prod_env lacks is EF_JUDGE_CONFIG naming it; a jury of one switches the others off', () => {
    expect(() => helmJury(MEDHELM_JUDGES, 'default', PROD_ENV.slice(1), CREDS, {})).toThrow(
      expect.objectContaining({
        code: 'EF_JUDGE_CONFIG',
        message: expect.stringContaining('no deployment stanfordhealthcare/gpt-4o-2024-05-13'),
      }),
    );
    const one = helmJury([MEDHELM_JUDGES[0]!], 'f', PROD_ENV, CREDS, {});
    expect(one.settings).toMatchObject({ 'judges.llama.enabled': false, 'judges.claude.enabled': false });
  });
});
