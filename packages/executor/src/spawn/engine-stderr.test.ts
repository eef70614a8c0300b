import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { registerSecret } from '@eval-factory/errors';
import { ENGINE_PROGRESS_PREFIX, slotsLine, type EngineProgressEvent } from '@eval-factory/types';
import { engineStderr, forLog } from './engine-stderr.js';

describe('forLog', () => {
  it.each([
    ['warning[EF_X]: something', 'warning[EF_X]: something\n'],
    ['\x1b7pubmed_qa ███░░ 3/10\x1b[1G\x1b[2Kpubmed_qa ████ 4/10', ''],
    ['run 1/10\rrun 5/10\rrun 10/10  ', 'run 10/10\n'],
    ['   ', ''],
  ])('%j → %j', (line, expected) => expect(forLog(line)).toBe(expected));
});

describe('engineStderr with a progress sink (a suite)', () => {
  it('events go to the sink and their plain line to the log, slots to theirs; other lines are echoed whole, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-stderr-'));
    const log = createWriteStream(join(dir, 'run.log'));
    let echoed = '';
    const echo = new PassThrough();
    echo.on('data', (c: Buffer) => (echoed += c.toString('utf8')));
    const events: EngineProgressEvent[] = [];
    const slots: number[] = [];
    const stderr = engineStderr(
      echo,
      log,
      (e) => events.push(e),
      (n) => slots.push(n),
    );
    const event = (done: number, final: boolean) =>
      `${ENGINE_PROGRESS_PREFIX}${JSON.stringify({ label: 'b', total: 2, done, cached: 0, duplicates: 0, failed: 0, retrying: 0, throttled: 0, rate: null, last_failure: null, line: `b ${done}/2`, final })}\n`;
    const text = `${event(0, false)}warning[EF_X]: once\n${slotsLine(1)}${slotsLine(2)}${event(2, true)}error[EF_Y]: cut`;
    // Split mid-line, as a pipe may deliver it.
    stderr.write(Buffer.from(text.slice(0, 30)));
    stderr.write(Buffer.from(text.slice(30)));
    stderr.end();
    await new Promise<void>((r) => log.end(() => r()));
    await new Promise((r) => setImmediate(r));
    expect(events.map((e) => [e.done, e.final])).toEqual([
      [0, false],
      [2, true],
    ]);
    // A gated engine's slots given up go to their sink, and nowhere else.
    expect(slots).toEqual([1, 2]);
    expect(echoed).toBe('warning[EF_X]: once\nerror[EF_Y]: cut\n');
    expect(readFileSync(join(dir, 'run.log'), 'utf8')).toBe('b 0/2\nwarning[EF_X]: once\nb 2/2\nerror[EF_Y]: cut\n');
    expect(stderr.tail).toEqual(['warning[EF_X]: once', 'error[EF_Y]: cut']);
  });
});

describe('engineStderr redaction', () => {
  it('a registered key cut in two by the pipe reaches neither the log nor a suite echo', async () => {
    const key = 'sk-SPLITsecretKEY0123456789abcdef';
    registerSecret(key);
    for (const onProgress of [undefined, () => undefined]) {
      const dir = mkdtempSync(join(tmpdir(), 'ef-stderr-'));
      const log = createWriteStream(join(dir, 'run.log'));
      let echoed = '';
      const echo = new PassThrough();
      echo.on('data', (c: Buffer) => (echoed += c.toString('utf8')));
      const stderr = engineStderr(echo, log, onProgress);
      const text = `error[EF_AUTH]: the endpoint refused key ${key} — é\n`;
      const bytes = Buffer.from(text);
      const cut = text.indexOf(key) + 10;
      stderr.write(bytes.subarray(0, cut));
      stderr.write(bytes.subarray(cut));
      stderr.end();
      await new Promise<void>((r) => log.end(() => r()));
      const logged = readFileSync(join(dir, 'run.log'), 'utf8');
      expect(logged).toContain('refused key');
      expect(logged).not.toContain(key.slice(0, 12));
      expect(logged).toContain('— é');
      if (onProgress) expect(echoed).not.toContain(key.slice(0, 12));
    }
  });
});
