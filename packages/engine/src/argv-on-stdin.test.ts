import { getEventListeners } from 'node:events';
import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import type { SlotGrant } from '@eval-factory/types';
import { commandFromStdin, lineReader, readGrants, skippingGrants } from './argv-on-stdin.js';

describe('commandFromStdin', () => {
  it('returns the files the factory parsed for the engine with its argv', async () => {
    const parsed = [{ file: '/o/model_configs/model_deployments.yaml', text: 'a: 1\n', value: { a: 1 } }];
    const line = `${JSON.stringify({ argv: ['run'], env: {}, parsed })}\n`;
    expect(await commandFromStdin(Readable.from([line]), {})).toEqual({ argv: ['run'], parsed });
    expect(await commandFromStdin(Readable.from(['["run"]\n']), {})).toEqual({ argv: ['run'], parsed: [] });
  });

  it.each<[string, string[], string[] | null]>([
    ['one line', ['["run","--suite","x y"]\n'], ['run', '--suite', 'x y']],
    ['a line split across chunks', ['["li', 'st"', ']\n'], ['list']],
    ['text after the first line is ignored', ['["list"]\n["run"]\n'], ['list']],
    ['a last line without newline', ['["list"]'], ['list']],
    ['end of input without a line (not needed)', [], null],
    ['blank input', ['\n'], null],
  ])('%s', async (_name, chunks, expected) => {
    expect((await commandFromStdin(Readable.from(chunks)))?.argv ?? null).toEqual(expected);
  });

  it.each([
    ['not JSON', 'run --x\n'],
    ['not an array', '{"a":1}\n'],
    ['not all strings', '["run",1]\n'],
    ['an environment that is not an object', '{"argv":["run"],"env":["A"]}\n'],
    ['an environment value that is not a string or null', '{"argv":["run"],"env":{"A":1}}\n'],
  ])('rejects %s with EF_USAGE', async (_name, text) => {
    await expect(commandFromStdin(Readable.from([text]))).rejects.toMatchObject({ code: 'EF_USAGE' });
  });

  it('applies the environment changed since the engine started before it hands the argv on', async () => {
    const env: NodeJS.ProcessEnv = { KEPT: 'k', GONE: 'g', CHANGED: 'old' };
    const line = '{"argv":["run","--x"],"env":{"ADDED":"a","CHANGED":"new","GONE":null}}\n';
    expect((await commandFromStdin(Readable.from([line]), env))?.argv).toEqual(['run', '--x']);
    expect(env).toEqual({ KEPT: 'k', ADDED: 'a', CHANGED: 'new' });
  });
});

describe('lineReader (argv, then a suite\'s "go", from one stdin)', () => {
  it('leaves the lines after the argv for later, and says null at the end of input', async () => {
    const stdin = new PassThrough();
    const next = lineReader(stdin);
    stdin.write('["run"]\ng');
    expect((await commandFromStdin(next))?.argv).toEqual(['run']);
    const go = next();
    stdin.end('o\n');
    expect(await go).toBe('go');
    expect(await next()).toBeNull();
  });
});

describe("readGrants (a suite engine's slots after its argv)", () => {
  it('hands each `go N` and the closing `go` to the share, and stops reading there', async () => {
    const stdin = new PassThrough();
    const next = lineReader(stdin);
    stdin.write('["run"]\n');
    expect((await commandFromStdin(next))?.argv).toEqual(['run']);
    const grants: SlotGrant[] = [];
    let ended = false;
    const reading = readGrants(next, { give: (g) => grants.push(g) }, () => (ended = true));
    stdin.write('go 3\ngo 1');
    stdin.write('1\nnoise\n');
    stdin.end('go\n');
    await reading;
    expect(grants).toEqual([3, 11, 'all']);
    expect(ended).toBe(false);
  });

  it.each([
    ['nothing granted', ''],
    ['some slots granted, never all', 'go 2\n'],
  ])('end of input before `go` (%s) stops the engine', async (_name, text) => {
    const grants: SlotGrant[] = [];
    let ended = false;
    const next = lineReader(Readable.from([`["run"]\n${text}`]));
    expect((await commandFromStdin(next))?.argv).toEqual(['run']);
    await readGrants(next, { give: (g) => grants.push(g) }, () => (ended = true));
    expect(ended).toBe(true);
    expect(grants).toEqual(text ? [2] : []);
  });
});

describe('one stdin for a reused engine (ENGINE_REUSE_ENV): a job ends, the next argv follows', () => {
  it("stops reading a finished job's grants without taking the next job's argv", async () => {
    const stdin = new PassThrough();
    const next = lineReader(stdin);
    stdin.write('["first"]\ngo 2\n');
    expect((await commandFromStdin(next))?.argv).toEqual(['first']);
    const grants: SlotGrant[] = [];
    let ended = false;
    const over = new AbortController();
    const reading = readGrants(next, { give: (g) => grants.push(g) }, () => (ended = true), over.signal);
    await new Promise((r) => setImmediate(r));
    // The job ends (an error after its first grant) while its reader waits for more.
    over.abort();
    await reading;
    stdin.write('go\n["second"]\n');
    // The grant that came after the job's end is not an argv: the next argv is the line after it.
    expect((await commandFromStdin(skippingGrants(next)))?.argv).toEqual(['second']);
    expect(grants).toEqual([2]);
    expect(ended).toBe(false);
  });

  it('leaves no abort listener behind per line read (a job reads one grant per slot given up)', async () => {
    const stdin = new PassThrough();
    const next = lineReader(stdin);
    const over = new AbortController();
    const grants: SlotGrant[] = [];
    const reading = readGrants(next, { give: (g) => grants.push(g) }, () => undefined, over.signal);
    for (let n = 1; n <= 40; n++) stdin.write(`go ${n}\n`);
    await new Promise((r) => setImmediate(r));
    expect(grants).toHaveLength(40);
    // Only the wait for the next line listens.
    expect(getEventListeners(over.signal, 'abort')).toHaveLength(1);
    over.abort();
    await reading;
    expect(getEventListeners(over.signal, 'abort')).toHaveLength(0);
  });

  it('a reader aborted before it waits takes nothing', async () => {
    const stdin = new PassThrough();
    const next = lineReader(stdin);
    const over = new AbortController();
    over.abort();
    expect(await next(over.signal)).toBeNull();
    stdin.end('kept\n');
    expect(await next()).toBe('kept');
  });
});
