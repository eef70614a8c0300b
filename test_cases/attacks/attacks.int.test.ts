/**
 * The hostile cases of cases.ts through the real CLI against a loopback fake model that echoes every prompt (so a
 * secret that reached a prompt would come back in the answer too), with the invariants every case must keep.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { readTree, runCli, tempDir } from '../support.js';
import { SENTINELS, type AttackContext } from './attack-case.js';
import { ATTACK_CASES } from './cases.js';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ answer: (request) => `You said: ${request.prompt}` });
});
afterAll(async () => server.close());

/** A folder `root/case/` for the row, with the credentials file beside it (`root/credentials.yaml`). */
function context(): AttackContext {
  const root = tempDir('ef-attack-');
  const dir = join(root, 'case');
  mkdirSync(dir);
  const credentialsFile = join(root, 'credentials.yaml');
  writeFileSync(credentialsFile, `ATTACK_FILE_KEY: ${SENTINELS.credentialsFileKey}\n`, { mode: 0o600 });
  return { dir, modelUrl: server.url, credentialsFile };
}

describe('hostile inputs (test_cases/attacks/cases.ts)', () => {
  it.each(ATTACK_CASES.map((c) => [c.name, c] as const))('%s', async (_, attack) => {
    const ctx = context();
    const args = attack.setup(ctx);
    const env = { ATTACK_MODEL_KEY: SENTINELS.modelKey, EVAL_FACTORY_CREDENTIALS: ctx.credentialsFile, HOME: ctx.dir };
    const result = await runCli(args, { env, cwd: ctx.dir });
    const printed = `${result.stdout}\n${result.stderr}`;
    expect(printed).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m); // no stack trace without --debug
    if (attack.code === null) {
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    } else {
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(attack.code);
    }
    for (const secret of Object.values(SENTINELS)) expect(printed).not.toContain(secret);
    const written = existsSync(join(ctx.dir, 'out')) ? readTree(join(ctx.dir, 'out')) : [];
    for (const file of written) {
      for (const secret of Object.values(SENTINELS)) {
        if (file.text.includes(secret)) throw new Error(`${file.path} contains a sentinel secret`);
      }
      expect(file.path).not.toMatch(/\.tmp-\d+$/);
    }
    attack.check?.(result, ctx);
  });
});
