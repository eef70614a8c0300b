import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { registerSecret } from '@eval-factory/errors';
import { RunLog } from './run-log.js';

describe('RunLog', () => {
  it('writes a cause once, its count at the end when repeated, debug lines only with --debug, never a secret', async () => {
    const secret = 'sk-runlog-secret-0123456789-ZZZZ';
    registerSecret(secret);
    const file = join(mkdtempSync(join(tmpdir(), 'ef-runlog-')), 'logs', 'eval-factory.log');
    const log = new RunLog();
    log.debug(() => 'before open: dropped');
    log.open(file, false);
    for (let i = 0; i < 3; i++) log.event('rate limited 429 retry-after (model m)', `Retry-After ${i} s honoured`);
    log.event('auth error 401 (model m)', `HTTP 401: bad key ${secret}`);
    log.debug(() => 'not debugging: dropped');
    await log.close();
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => l.replace(/^\S+ /, ''));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('rate limited 429 retry-after (model m): Retry-After 0 s honoured');
    expect(lines[1]).toMatch(/^auth error 401 \(model m\): HTTP 401: bad key \S+$/);
    expect(lines[2]).toBe('rate limited 429 retry-after (model m): 3 times in this run');
    expect(lines.join('\n')).not.toContain(secret);

    log.open(file, true);
    log.debug(() => 'model request q1 trial 0: answered');
    await log.close();
    expect(readFileSync(file, 'utf8')).toMatch(/^\S+ debug: model request q1 trial 0: answered$/m);
  });
});
