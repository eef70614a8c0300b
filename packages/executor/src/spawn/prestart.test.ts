/**
 * prestartEngine + runEngine with a small self-written engine script (a real process): the rendered command line
 * reaches a prestarted engine through stdin, an unused one exits on its own, and a command for another program
 * is spawned normally.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { ENGINE_SEND_GATE_ENV } from '@eval-factory/types';
import { prestartEngine } from './prestart.js';
import { FactorySlotHandover } from './slot-handover.js';
import { runEngine } from './run-engine.js';

/** A fake engine: prints its argv (as the engine's final JSON line); with `--argv-on-stdin` it reads them first. */
function fakeEngine(dir: string, name: string): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    `#!/usr/bin/env node
import { writeFileSync } from 'node:fs';
let argv = process.argv.slice(2);
if (argv[0] === '--argv-on-stdin') {
  let text = '';
  for await (const c of process.stdin) text += c;
  if (!text.trim()) { writeFileSync(${JSON.stringify(join(dir, `${name}.disposed`))}, 'yes'); process.exit(0); }
  argv = JSON.parse(text.split('\\n')[0]);
}
process.stderr.write('working\\n');
console.log(JSON.stringify({ status: 'success', run_dir: ${JSON.stringify(name)}, counts: { argv, prestarted: process.argv[2] === '--argv-on-stdin' } }));
`,
  );
  chmodSync(file, 0o755);
  return file;
}

async function waitFor(path: string): Promise<boolean> {
  for (let i = 0; i < 100 && !existsSync(path); i++) await new Promise((r) => setTimeout(r, 50));
  return existsSync(path);
}

describe('prestartEngine', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ef-prestart-'));
  const engine = fakeEngine(dir, 'engine.mjs');
  const logFile = join(dir, 'logs', 'run.log');
  /** A fake engine that reads its whole stdin (`text`) and reports `counts`, a JavaScript expression over it. */
  const stdinEngine = (name: string, counts: string): string => {
    const file = join(dir, name);
    writeFileSync(
      file,
      `let text = '';\nfor await (const c of process.stdin) text += c;\nconsole.log(JSON.stringify({ status: 'success', run_dir: ${JSON.stringify(name)}, counts: ${counts} }));\n`,
    );
    return file;
  };

  it('hands the command line to the prestarted engine on stdin', async () => {
    const early = prestartEngine(engine, { cwd: dir, echo: new PassThrough() })!;
    const run = await runEngine({
      argv: [engine, 'run', '--suite', 'a b', "it's"],
      logFile,
      cwd: dir,
      echo: new PassThrough(),
      prestarted: early,
    });
    expect(run).toMatchObject({
      exitCode: 0,
      interrupted: false,
      final: { run_dir: 'engine.mjs', counts: { argv: ['run', '--suite', 'a b', "it's"], prestarted: true } },
    });
    expect(readFileSync(logFile, 'utf8')).toContain('working');
    expect(() => early.start([])).toThrow(/already used/);
  });

  it('gives a gated engine its slots as they come: `go N` lines, then `go` and the end of its stdin', async () => {
    const gated = stdinEngine('gated.mjs', "{ stdin: text.split('\\n') }");
    const early = prestartEngine(gated, { cwd: dir, echo: new PassThrough(), env: { [ENGINE_SEND_GATE_ENV]: '1' } })!;
    expect(early.gated).toBe(true);
    const turn = new FactorySlotHandover();
    turn.give(2);
    const running = runEngine({
      argv: [gated, 'run'],
      logFile,
      cwd: dir,
      echo: new PassThrough(),
      prestarted: early,
      slotHandover: turn,
    });
    await new Promise((r) => setTimeout(r, 100));
    turn.give(1); // smaller than before: nothing
    turn.give(5);
    turn.giveAll();
    turn.give(9); // after all: nothing
    const run = await running;
    expect(run.final?.counts).toEqual({ stdin: ['["run"]', 'go 2', 'go 5', 'go', ''] });
  });

  it('hands the files parsed for the engine over with its command line', async () => {
    const reader = stdinEngine('reader.mjs', '{ line: JSON.parse(text) }');
    const parsed = [{ file: join(dir, 'model_deployments.yaml'), text: 'a: 1\n', value: { a: 1 } }];
    const early = prestartEngine(reader, { cwd: dir, echo: new PassThrough() })!;
    const run = await runEngine({
      argv: [reader, 'run'],
      logFile,
      cwd: dir,
      echo: new PassThrough(),
      prestarted: early,
      parsed: () => parsed,
    });
    expect(run.final?.counts).toEqual({ line: { argv: ['run'], env: {}, parsed } });
  });

  it('starts nothing for a program that is not a JavaScript file (the run then spawns it the ordinary way)', () => {
    expect(prestartEngine('ef-no-such-engine', { cwd: dir, repoRoot: dir })).toBeNull();
  });

  it('lets an unused engine exit on its own', async () => {
    const unused = fakeEngine(dir, 'unused.mjs');
    const early = prestartEngine(unused, { cwd: dir, echo: new PassThrough() })!;
    early.dispose();
    expect(await waitFor(join(dir, 'unused.mjs.disposed'))).toBe(true);
  });

  it('spawns a command for another program normally and releases the prestarted one', async () => {
    const released = fakeEngine(dir, 'released.mjs');
    const other = fakeEngine(dir, 'other.mjs');
    const early = prestartEngine(released, { cwd: dir, echo: new PassThrough() })!;
    const run = await runEngine({
      argv: [other, 'list'],
      logFile,
      cwd: dir,
      echo: new PassThrough(),
      prestarted: early,
      parsed: () => {
        throw new Error('parsed for an engine that reads its files itself');
      },
    });
    expect(run.final).toMatchObject({ run_dir: 'other.mjs', counts: { argv: ['list'], prestarted: false } });
    expect(await waitFor(join(dir, 'released.mjs.disposed'))).toBe(true);
    expect(existsSync(join(dir, 'other.mjs.disposed'))).toBe(false);
  });
});
