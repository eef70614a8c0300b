import { describe, it, expect, afterEach } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { renderModelConfigs } from './render.js';
import { writeModelConfigs } from './write.js';
import { DEFAULT_JUDGES, makeEvaluation } from './test-evaluation.js';

const SENTINEL = 'sk-test-SENTINEL-0123456789abcdef';
const ENV_NAMES = [
  'EF_TEST_MODEL_KEY',
  'GPT_JUDGE_API_KEY',
  'LLAMA_JUDGE_API_KEY',
  'CLAUDE_JUDGE_API_KEY',
  'OPENAI_API_KEY',
];
const dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ef-model-configs-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const name of ENV_NAMES) delete process.env[name];
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('writeModelConfigs', () => {
  it('creates the folder and writes parseable files, leaving no temp files', async () => {
    const dir = join(await tempDir(), 'out', 'model_configs');
    const evaluation = makeEvaluation({ api_key_name: 'EF_TEST_MODEL_KEY' }, { judges: DEFAULT_JUDGES });
    const written = await writeModelConfigs(evaluation, dir);
    expect(written.paths).toEqual(
      ['model_deployments.yaml', 'model_metadata.yaml', 'judges.yaml'].map((f) => join(dir, f)),
    );
    expect((await readdir(dir)).sort()).toEqual(['judges.yaml', 'model_deployments.yaml', 'model_metadata.yaml']);
    for (const path of written.paths) expect(() => parse(readFileSync(path, 'utf8'))).not.toThrow();
    const rendered = renderModelConfigs(evaluation).files;
    expect(await readFile(join(dir, 'model_deployments.yaml'), 'utf8')).toBe(rendered['model_deployments.yaml']);
  });

  it('removes a judges.yaml left by an earlier judged run', async () => {
    const dir = await tempDir();
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'judges.yaml'), 'judges: []\n');
    await writeModelConfigs(makeEvaluation(), dir);
    expect((await readdir(dir)).sort()).toEqual(['model_deployments.yaml', 'model_metadata.yaml']);
  });

  it('writes variable names only, never the values (docs/configuration.md#judges)', async () => {
    for (const name of ENV_NAMES) process.env[name] = `${SENTINEL}-${name}`;
    const dir = await tempDir();
    const evaluation = makeEvaluation(
      { api_key_name: 'EF_TEST_MODEL_KEY', url: 'https://integrate.api.nvidia.com/v1' },
      { judges: DEFAULT_JUDGES },
    );
    await writeModelConfigs(evaluation, dir);
    const texts = await Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8')));
    expect(texts).toHaveLength(3);
    for (const text of texts) expect(text).not.toContain('SENTINEL');
    expect(texts.join('\n')).toContain('EF_TEST_MODEL_KEY');
  });

  it('refuses an api_key_name that is a key, showing only its last 4 characters', () => {
    const evaluation = makeEvaluation({ api_key_name: SENTINEL });
    expect(() => renderModelConfigs(evaluation)).toThrow(
      expect.objectContaining({ code: 'EF_API_KEY_LOOKS_LIKE_SECRET', message: expect.stringContaining('"cdef"') }),
    );
    expect(() => renderModelConfigs(evaluation)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('SENTINEL') }),
    );
  });

  it.each([
    [{ api_key_name: 'A_KEY', api_key: 'B_KEY' }, 'EF_API_KEY_CONFLICT'],
    [{ api_key_name: 'nvapi-abcdef' }, 'EF_API_KEY_LOOKS_LIKE_SECRET'],
    [{ api_key: 'has space' }, 'EF_API_KEY_LOOKS_LIKE_SECRET'],
  ])('rejects %j with %s', (endpoint, code) => {
    expect(() => renderModelConfigs(makeEvaluation(endpoint))).toThrow(expect.objectContaining({ code }));
  });
});
