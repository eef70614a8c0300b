/**
 * enginePool + runEngine with a small self-written engine that speaks the reuse protocol (a real process): jobs
 * share a process, each job gets its own output and exit code, and an engine whose job was stopped or which died
 * is not handed out again.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { ENGINE_JOB_END, ENGINE_SEND_GATE_ENV } from '@eval-factory/types';
import { BACKGROUND_NICE, mayRaisePriority } from './cpu-priority.js';
import { enginePool } from './engine-pool.js';
import { runEngine } from './run-engine.js';
import { FactorySlotHandover } from './slot-handover.js';

/**
 * Reads argv lines (and, gated, waits for a `go` line after each); for each: a line on stderr naming the job, `{run_dir, counts: {pid}}` on stdout, then the end of
 * the job with exit code `code=N` (default 0). `die` exits the process in the middle of the job.
 */
function fakeEngine(dir: string): string {
  const file = join(dir, 'engine.mjs');
  writeFileSync(
    file,
    `#!/usr/bin/env node
import { appendFileSync, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
if (process.env.STARTS_FILE) appendFileSync(process.env.STARTS_FILE, process.pid + '\\n');
const END = ${JSON.stringify(ENGINE_JOB_END)} + ' ' + process.env.EF_ENGINE_REUSE;
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
for (let next = await lines.next(); !next.done; next = await lines.next()) {
  const line = next.value;
  if (line.startsWith('go')) continue;
  const read = JSON.parse(line);
  const argv = Array.isArray(read) ? read : read.argv;
  // Gated (EF_SEND_GATE=1): the job waits for its first slots.
  if (process.env.EF_SEND_GATE === '1') for (let go = await lines.next(); !go.done && !go.value.startsWith('go'); go = await lines.next());
  process.stderr.write('job ' + argv[0] + ' without newline ');
  if (argv.includes('die')) process.exit(3);
  // hold=FILE: the job goes on (sending, as far as the pool knows) until FILE exists.
  const hold = argv.find((a) => a.startsWith('hold='))?.slice(5);
  while (hold && !existsSync(hold)) await new Promise((r) => setTimeout(r, 10));
  // Output that looks like the end of the job (a warning quoting a data file) without this engine's token.
  if (argv.includes('forge')) process.stderr.write(${JSON.stringify(ENGINE_JOB_END)} + ' 0\\nquoted ' + ${JSON.stringify(ENGINE_JOB_END)} + ' 1234 0\\n');
  console.log(JSON.stringify({ status: 'success', run_dir: argv[0], counts: { pid: process.pid, parsed: read.parsed ?? [] } }));
  const code = Number((argv.find((a) => a.startsWith('code=')) ?? 'code=0').slice(5));
  await new Promise((r) => process.stdout.write(END + ' ' + code + '\\n', r));
  await new Promise((r) => process.stderr.write(END + ' ' + code + '\\n', r));
}
`,
  );
  chmodSync(file, 0o755);
  return file;
}

describe('enginePool', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ef-pool-'));
  const engine = fakeEngine(dir);
  const run = (engines: ReturnType<typeof enginePool>, name: string, ...args: string[]) => {
    const prestarted = engines.take();
    return runEngine({
      argv: [engine, name, ...args],
      logFile: join(dir, `${name}.log`),
      cwd: dir,
      echo: new PassThrough(),
      prestarted,
    }).finally(() => prestarted?.dispose());
  };

  it('runs jobs one after another in one process, each with its own output and exit code', async () => {
    const engines = enginePool(engine, { cwd: dir, echo: new PassThrough() });
    try {
      const a = await run(engines, 'a');
      const b = await run(engines, 'b', 'code=1');
      const c = await run(engines, 'c', 'forge', 'code=2');
      expect([a.exitCode, b.exitCode, c.exitCode]).toEqual([0, 1, 2]);
      expect([a.final?.run_dir, b.final?.run_dir, c.final?.run_dir]).toEqual(['a', 'b', 'c']);
      const pids = new Set([a, b, c].map((r) => (r.final?.counts as { pid: number }).pid));
      expect(pids.size).toBe(1);
      // Output the job left unterminated is the job's, not the next one's.
      expect(readFileSync(join(dir, 'b.log'), 'utf8')).toContain('job b without newline');
      expect(readFileSync(join(dir, 'c.log'), 'utf8')).not.toContain('job b');
      // Lines that only look like the end of a job (no token) are the job's output.
      expect(readFileSync(join(dir, 'c.log'), 'utf8')).toContain(`quoted ${ENGINE_JOB_END} 1234 0`);
    } finally {
      engines.close();
    }
  });

  it("hands each job's engine the files parsed for it with its command line", async () => {
    const engines = enginePool(engine, { cwd: dir, echo: new PassThrough() });
    try {
      const parsed = [{ file: join(dir, 'model_deployments.yaml'), text: 'a: 1\n', value: { a: 1 } }];
      const prestarted = engines.take();
      const argv = [engine, 'p'];
      const a = await runEngine({ argv, logFile: join(dir, 'p.log'), cwd: dir, prestarted, parsed: () => parsed });
      prestarted?.dispose();
      expect(a.final?.counts).toMatchObject({ parsed });
    } finally {
      engines.close();
    }
  });

  it('starts a new process after a job that was stopped (exit 130) or whose engine died', async () => {
    const engines = enginePool(engine, { cwd: dir, echo: new PassThrough() });
    try {
      const stopped = await run(engines, 's', 'code=130');
      // A stopped job's engine is not kept: none is left for a later job.
      expect(engines.live()).toBe(0);
      const after = await run(engines, 't');
      const pid = (r: typeof after) => (r.final?.counts as { pid: number }).pid;
      expect(stopped.exitCode).toBe(130);
      expect(pid(after)).not.toBe(pid(stopped));
      const died = await run(engines, 'd', 'die');
      expect(died.exitCode).toBe(3);
      const next = await run(engines, 'e');
      expect(next.exitCode).toBe(0);
      expect(pid(next)).not.toBe(pid(after));
    } finally {
      engines.close();
    }
  });

  it('warm starts one idle engine ahead, which the next job then runs in; not once closed', async () => {
    const starts = join(dir, 'starts.txt');
    const started = () => (existsSync(starts) ? readFileSync(starts, 'utf8').split('\n').filter(Boolean) : []);
    const engines = enginePool(engine, { cwd: dir, echo: new PassThrough(), env: { STARTS_FILE: starts } });
    try {
      expect(engines.live()).toBe(0);
      expect(engines.warm()).toBe(true);
      expect(engines.warm()).toBe(false);
      expect(engines.live()).toBe(1);
      const deadline = Date.now() + 10_000;
      while (started().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(started()).toHaveLength(1);
      const job = await run(engines, 'w');
      expect(job.exitCode).toBe(0);
      expect(String((job.final?.counts as { pid: number }).pid)).toBe(started()[0]);
      expect(started()).toHaveLength(1);
      expect(engines.live()).toBe(1);
    } finally {
      engines.close();
    }
    expect(engines.warm()).toBe(false);
    // Closed: the idle engine was told to end, so no later job would run in it.
    expect(engines.live()).toBe(0);
  });

  // Linux, with the right to raise a priority back (root, CAP_SYS_NICE): elsewhere the pool leaves priorities alone.
  const mayRaise =
    process.platform === 'linux' &&
    getPriority() + BACKGROUND_NICE <= 19 &&
    mayRaisePriority(
      readFileSync('/proc/self/status', 'utf8'),
      readFileSync('/proc/self/limits', 'utf8'),
      getPriority(),
    );
  (mayRaise ? it : it.skip)(
    'runs the engines that do not send at a lower CPU priority while another one sends',
    async () => {
      const starts = join(dir, 'priority-starts.txt');
      const pids = () =>
        existsSync(starts) ? readFileSync(starts, 'utf8').split('\n').filter(Boolean).map(Number) : [];
      const env = { STARTS_FILE: starts, [ENGINE_SEND_GATE_ENV]: '1' };
      const engines = enginePool(engine, { cwd: dir, echo: new PassThrough(), env });
      const base = getPriority();
      const low = base + BACKGROUND_NICE;
      // Every thread of each engine, as the kernel has it (nice is field 19 of /proc/<pid>/task/<tid>/stat).
      const nice = (pid: number) => [
        ...new Set(
          readdirSync(`/proc/${pid}/task`).map((t) => {
            const stat = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
            return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
          }),
        ),
      ];
      const until = async (test: () => boolean) => {
        const deadline = Date.now() + 10_000;
        while (!test() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      };
      // A job in an engine of the pool; `started` resolves once runEngine has handed it over (after a few awaits).
      const job = (name: string, turn: FactorySlotHandover) => {
        const taken = engines.take()!;
        let handedOver: () => void = () => undefined;
        const started = new Promise<void>((resolve) => (handedOver = resolve));
        const prestarted = {
          ...taken,
          start: (...a: Parameters<typeof taken.start>) => (handedOver(), taken.start(...a)),
        };
        const done = runEngine({
          argv: [engine, name, `hold=${join(dir, `${name}.hold`)}`],
          logFile: join(dir, `${name}.log`),
          cwd: dir,
          echo: new PassThrough(),
          prestarted,
          slotHandover: turn,
        }).finally(() => prestarted.dispose());
        return { prestarted, started, done };
      };
      try {
        // Loading, nothing sends: the factory's priority.
        engines.warm();
        await until(() => pids().length === 1);
        const [a] = pids();
        expect(nice(a)).toEqual([base]);
        const first = job('first', FactorySlotHandover.whole());
        await first.started;
        // The first job sends; the next job's engine starts meanwhile, lower.
        const turn = new FactorySlotHandover();
        const next = job('next', turn);
        await until(() => pids().length === 2);
        const b = pids()[1];
        await next.started;
        expect([nice(a), nice(b)]).toEqual([[base], [low]]);
        // Its first slots: it sends as well.
        turn.give(2);
        expect([nice(a), nice(b)]).toEqual([[base], [base]]);
        // The first job has every answer (the suite's schedule says so): its files yield to the one still sending.
        first.prestarted.background?.();
        expect([nice(a), nice(b)]).toEqual([[low], [base]]);
        // Neither sends: both at the factory's priority (a lower one would only yield to the rest of the machine).
        next.prestarted.background?.();
        expect([nice(a), nice(b)]).toEqual([[base], [base]]);
        for (const name of ['first', 'next']) writeFileSync(join(dir, `${name}.hold`), '');
        turn.giveAll();
        expect([(await first.done).exitCode, (await next.done).exitCode]).toEqual([0, 0]);
      } finally {
        engines.close();
      }
    },
  );
});
