import { afterAll, describe, expect, it } from '@jest/globals';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, cleanupTempDirs } from '@eval-factory/testkit';
import { redact } from '@eval-factory/errors';
import { createAuthContext, type AuthContext } from './context.js';
import { resolveJudgeCredential, type JudgeAuthConfig } from './judge-credentials.js';
import { resolveModelKey } from './model-key.js';

afterAll(cleanupTempDirs);

const GPT_KEY = 'gpt-judge-key-0123456789-AAAA';
const OPENAI_KEY = 'openai-fallback-key-0123456789-BBBB';
const FILE_KEY = 'file-judge-key-0123456789-CCCC';

/** A context over a fake home folder and a given environment; `file` writes a credentials file (mode 0600). */
async function setup(env: Record<string, string>, file?: { content: string; mode?: number; at?: string }) {
  const home = (await makeTempDir('ef-auth-home-')).path;
  const outputDir = join(home, 'out');
  const logs: string[] = [];
  const fullEnv: NodeJS.ProcessEnv = { ...env, EVAL_FACTORY_TOKEN_DIR: join(home, 'tokens') };
  if (file) {
    const path = file.at ?? join(home, 'creds.yaml');
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, file.content);
    chmodSync(path, file.mode ?? 0o600);
    fullEnv.EVAL_FACTORY_CREDENTIALS = path;
  }
  const ctx = createAuthContext({
    outputDir,
    log: (m) => logs.push(redact(m)),
    warn: () => undefined,
    platform: { env: fullEnv, platform: 'linux', home, cwd: home },
  });
  return { ctx, logs, home, outputDir };
}

const apiKey = (env = 'GPT_JUDGE_API_KEY'): JudgeAuthConfig => ({ kind: 'api_key', env });
const auto = (env = 'GPT_JUDGE_API_KEY'): JudgeAuthConfig => ({ kind: 'auto', env, service: 'openai', scope: null });

async function secretOf(ctx: AuthContext, role: string, auth: JudgeAuthConfig): Promise<string | null> {
  return resolveJudgeCredential(role, auth, ctx).secret();
}

describe('judge credential chains (docs/configuration.md#judges)', () => {
  it('api_key: the role variable wins over OPENAI_API_KEY and the file', async () => {
    const { ctx, logs } = await setup(
      { GPT_JUDGE_API_KEY: GPT_KEY, OPENAI_API_KEY: OPENAI_KEY },
      { content: `GPT_JUDGE_API_KEY: ${FILE_KEY}\n` },
    );
    expect(await secretOf(ctx, 'gpt', apiKey())).toBe(GPT_KEY);
    expect(logs).toEqual(['judge gpt: credential GPT_JUDGE_API_KEY is set (ends with "AAAA")']);
  });

  it('api_key: falls back to OPENAI_API_KEY with the exact log line, printed once per role', async () => {
    const { ctx, logs } = await setup({ OPENAI_API_KEY: OPENAI_KEY }, { content: `GPT_JUDGE_API_KEY: ${FILE_KEY}\n` });
    expect(await secretOf(ctx, 'gpt', apiKey())).toBe(OPENAI_KEY);
    expect(await secretOf(ctx, 'gpt', apiKey())).toBe(OPENAI_KEY);
    expect(await secretOf(ctx, 'llama', apiKey('LLAMA_JUDGE_API_KEY'))).toBe(OPENAI_KEY);
    expect(logs.filter((l) => l.includes('is not set'))).toEqual([
      'GPT_JUDGE_API_KEY is not set, setting to OPENAI_API_KEY',
      'LLAMA_JUDGE_API_KEY is not set, setting to OPENAI_API_KEY',
    ]);
    expect(logs.join('\n')).not.toContain(OPENAI_KEY);
  });

  it('api_key: then the credentials file, then EF_JUDGE_AUTH_MISSING naming the variable only', async () => {
    const withFile = await setup({}, { content: `GPT_JUDGE_API_KEY: ${FILE_KEY}\n` });
    expect(await secretOf(withFile.ctx, 'gpt', apiKey())).toBe(FILE_KEY);
    const without = await setup({});
    expect(() => resolveJudgeCredential('gpt', apiKey(), without.ctx)).toThrow(
      expect.objectContaining({ code: 'EF_JUDGE_AUTH_MISSING', message: expect.stringContaining('GPT_JUDGE_API_KEY') }),
    );
  });

  it('auto: env key first, else OAuth when client id and secret exist, else the api_key fallbacks', async () => {
    const oauthEnv = { OPENAI_CLIENT_ID: 'client-id', OPENAI_CLIENT_SECRET: 'client-secret-0123456789' };
    const keyed = await setup({ GPT_JUDGE_API_KEY: GPT_KEY, ...oauthEnv });
    expect(resolveJudgeCredential('gpt', auto(), keyed.ctx).kind).toBe('api_key');
    const oauth = await setup({ OPENAI_API_KEY: OPENAI_KEY, ...oauthEnv });
    const cred = resolveJudgeCredential('gpt', auto(), oauth.ctx);
    expect(cred.kind).toBe('oauth');
    expect(cred.source).toContain('scope azureopenai-readwrite');
    const fallback = await setup({ OPENAI_API_KEY: OPENAI_KEY, OPENAI_CLIENT_ID: 'client-id' });
    expect(await secretOf(fallback.ctx, 'gpt', auto())).toBe(OPENAI_KEY);
    expect(fallback.logs).toContain('GPT_JUDGE_API_KEY is not set, setting to OPENAI_API_KEY');
  });

  it('auto: OAuth client credentials may come from the credentials file', async () => {
    const { ctx } = await setup(
      {},
      { content: 'OPENAI_CLIENT_ID: file-client\nOPENAI_CLIENT_SECRET: file-client-secret-0123\n' },
    );
    expect(
      resolveJudgeCredential(
        'claude',
        { kind: 'auto', env: 'CLAUDE_JUDGE_API_KEY', service: 'anthropic', scope: null },
        ctx,
      ).source,
    ).toContain('scope awsanthropic-readwrite');
  });

  it('oauth: scope precedence judge oauth_scope > OPENAI_SCOPE > service default; missing client id is an error', async () => {
    const env = { OPENAI_CLIENT_ID: 'id', OPENAI_CLIENT_SECRET: 'client-secret-0123456789', OPENAI_SCOPE: 'env-scope' };
    const { ctx } = await setup(env);
    expect(
      resolveJudgeCredential('gpt', { kind: 'oauth', service: 'openai', scope: 'judge-scope' }, ctx).source,
    ).toContain('scope judge-scope');
    expect(resolveJudgeCredential('gpt', { kind: 'oauth', service: 'openai', scope: null }, ctx).source).toContain(
      'scope env-scope',
    );
    const missing = await setup({ OPENAI_CLIENT_SECRET: 'client-secret-0123456789' });
    expect(() => resolveJudgeCredential('gpt', { kind: 'oauth', service: 'openai', scope: null }, missing.ctx)).toThrow(
      expect.objectContaining({ code: 'EF_JUDGE_AUTH_MISSING', message: expect.stringContaining('OPENAI_CLIENT_ID') }),
    );
  });

  it('none: no credential at all', async () => {
    const { ctx } = await setup({ GPT_JUDGE_API_KEY: GPT_KEY });
    expect(await secretOf(ctx, 'gpt', { kind: 'none' })).toBeNull();
  });
});

describe('credentials file (§7.3)', () => {
  it('is never opened when the environment has every variable', async () => {
    const { ctx } = await setup({ GPT_JUDGE_API_KEY: GPT_KEY }, { content: 'x: 1\n', mode: 0o644 });
    expect(await secretOf(ctx, 'gpt', apiKey())).toBe(GPT_KEY);
  });

  it.each(['640', '604', '660'])('refuses mode %s with EF_CREDENTIALS_PERMISSIONS and the chmod hint', async (mode) => {
    const { ctx } = await setup({}, { content: `GPT_JUDGE_API_KEY: ${FILE_KEY}\n`, mode: parseInt(mode, 8) });
    const path = ctx.file.path;
    expect(() => resolveJudgeCredential('gpt', apiKey(), ctx)).toThrow(
      expect.objectContaining({ code: 'EF_CREDENTIALS_PERMISSIONS', hint: `chmod 600 ${path}` }),
    );
  });

  it('refuses a file inside the output folder or a git work tree', async () => {
    const home = (await makeTempDir('ef-auth-loc-')).path;
    const place = (path: string) => {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, `GPT_JUDGE_API_KEY: ${FILE_KEY}\n`, { mode: 0o600 });
      return path;
    };
    const ctxFor = (file: string, cwd: string) =>
      createAuthContext({
        outputDir: join(home, 'out'),
        log: () => undefined,
        warn: () => undefined,
        platform: { env: { EVAL_FACTORY_CREDENTIALS: file }, platform: 'linux', home, cwd },
      });
    const inOutput = ctxFor(place(join(home, 'out', 'creds.yaml')), home);
    expect(() => resolveJudgeCredential('gpt', apiKey(), inOutput)).toThrow(
      expect.objectContaining({ code: 'EF_CREDENTIALS_LOCATION' }),
    );
    mkdirSync(join(home, 'repo', '.git'), { recursive: true });
    const inRepo = ctxFor(place(join(home, 'repo', 'conf', 'creds.yaml')), join(home, 'repo'));
    expect(() => resolveJudgeCredential('gpt', apiKey(), inRepo)).toThrow(
      expect.objectContaining({ code: 'EF_CREDENTIALS_LOCATION' }),
    );
    const fine = ctxFor(place(join(home, 'safe', 'creds.yaml')), join(home, 'repo'));
    expect(await resolveJudgeCredential('gpt', apiKey(), fine).secret()).toBe(FILE_KEY);
  });

  it('reports YAML errors by position only, never the line (which holds a secret)', async () => {
    const { ctx } = await setup({}, { content: `GPT_JUDGE_API_KEY: "${FILE_KEY}\n  bad: [\n` });
    let error: unknown;
    try {
      resolveJudgeCredential('gpt', apiKey(), ctx);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'EF_CREDENTIALS_FILE' });
    expect(String((error as Error).message)).not.toContain(FILE_KEY);
  });

  it('registers every value it holds with the redactor', async () => {
    const { ctx } = await setup(
      { GPT_JUDGE_API_KEY: GPT_KEY },
      { content: 'UNUSED_SECRET: unused-secret-value-0123456789\n' },
    );
    ctx.file.get('ANYTHING');
    expect(redact('leak: unused-secret-value-0123456789')).toBe('leak: ***6789');
  });

  it('an explicitly named file that does not exist is an error', async () => {
    const home = (await makeTempDir('ef-auth-none-')).path;
    const ctx = createAuthContext({
      outputDir: join(home, 'o'),
      log: () => undefined,
      warn: () => undefined,
      platform: { env: { EVAL_FACTORY_CREDENTIALS: join(home, 'missing.yaml') }, platform: 'linux', home, cwd: home },
    });
    expect(() => resolveJudgeCredential('gpt', apiKey(), ctx)).toThrow(
      expect.objectContaining({ code: 'EF_CREDENTIALS_FILE' }),
    );
  });
});

describe('the evaluated model key (§7.1)', () => {
  it('comes from its own variable, else the same name in the file, else EF_API_KEY_MISSING', async () => {
    const env = await setup({
      MODEL_KEY: 'model-key-0123456789',
      GPT_JUDGE_API_KEY: GPT_KEY,
      OPENAI_API_KEY: OPENAI_KEY,
    });
    expect(resolveModelKey({ kind: 'api_key', env: 'MODEL_KEY' }, env.ctx)).toBe('model-key-0123456789');
    const file = await setup({ OPENAI_API_KEY: OPENAI_KEY }, { content: 'MODEL_KEY: model-key-from-file-0123\n' });
    expect(resolveModelKey({ kind: 'api_key', env: 'MODEL_KEY' }, file.ctx)).toBe('model-key-from-file-0123');
    const none = await setup({ OPENAI_API_KEY: OPENAI_KEY });
    expect(() => resolveModelKey({ kind: 'api_key', env: 'MODEL_KEY' }, none.ctx)).toThrow(
      expect.objectContaining({ code: 'EF_API_KEY_MISSING' }),
    );
    expect(resolveModelKey({ kind: 'none' }, none.ctx)).toBeNull();
  });
});
