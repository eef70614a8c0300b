/**
 * The engines a suite runs its jobs in, kept from one job to the next (ENGINE_REUSE_ENV in @eval-factory/types,
 * docs/architecture.md "Suites"). A job takes an idle engine, or starts one; when the job has ended normally its
 * engine goes back to the idle ones. An endpoint's jobs then share two engine processes (one sends while the next
 * job prepares) instead of paying one start-up each.
 */
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { redact } from '@eval-factory/errors';
import { ENGINE_ARGV_ON_STDIN, ENGINE_JOB_END, ENGINE_REUSE_ENV, ENGINE_SEND_GATE_ENV } from '@eval-factory/types';
import { spawnNodeScript, type EarlyEngineProcess, type EngineExit, type EngineProcess } from './engine-process.js';
import { engineScript, type EarlyEngineOptions, type PrestartedEngine } from './prestart.js';
import { forwardGrants } from './slot-handover.js';
import { processPriority, type ProcessPriority } from './cpu-priority.js';
import { splitLines } from './split-lines.js';

export interface EnginePool {
  /** An engine for the next job: an idle one, or one started now; null when `program` is not a JavaScript bin. */
  take(): PrestartedEngine | null;
  /**
   * Starts an engine now, idle, unless one is idle already or the pool is closed: the next `take` gets it without
   * waiting for its start. True when it started one.
   */
  warm(): boolean;
  /**
   * Engines started and still there for a job (idle, or running one it may be kept after): with two, the job after
   * next runs in a kept engine and pays no start-up.
   */
  live(): number;
  /** Lets the idle engines go (each exits at the end of its stdin). */
  close(): void;
}

/** Exit codes of a job stopped by a signal (130, 143): its engine is stopping, not kept. */
const STOPPED = new Set([130, 143]);

/** `opts.env` is every engine's environment (a suite's `EF_PROGRESS=events`, `EF_SEND_GATE=1`). */
export function enginePool(program: string, opts: EarlyEngineOptions = {}): EnginePool {
  const cwd = opts.cwd ?? process.cwd();
  const idle: ReusableEngine[] = [];
  const started = new Set<ReusableEngine>();
  let closed = false;
  const start = (): ReusableEngine | null => {
    const script = engineScript(program, cwd, opts.repoRoot);
    if (script === null) return null;
    const engine = new ReusableEngine(program, script, cwd, opts.echo ?? process.stderr, opts.env ?? {});
    started.add(engine);
    return engine;
  };
  return {
    take() {
      // An idle engine can have died meanwhile (a Ctrl-C reaches the whole process group): it is dropped.
      let kept = idle.pop();
      while (kept && !kept.alive) kept = idle.pop();
      const engine = kept ?? start();
      return engine?.lease(() => (closed ? engine.end() : idle.push(engine))) ?? null;
    },
    warm() {
      if (closed || idle.some((engine) => engine.alive)) return false;
      const engine = start();
      if (engine) idle.push(engine);
      return engine !== null;
    },
    live() {
      for (const engine of started) if (!engine.usable) started.delete(engine);
      return started.size;
    },
    close() {
      closed = true;
      for (const engine of idle.splice(0)) engine.end();
    },
  };
}

interface Job {
  readonly stdout: PassThrough;
  readonly stderr: PassThrough;
  /** Exit code each stream's end-of-job line gave. */
  readonly ends: { stdout?: number; stderr?: number };
  readonly settle: (exit: EngineExit) => void;
  readonly exited: Promise<EngineExit>;
  ended: boolean;
  code: number | null;
}

/** One engine process and the job it runs now, if any; its output is split into jobs at ENGINE_JOB_END lines. */
class ReusableEngine {
  private readonly child: EarlyEngineProcess;
  private job: Job | null = null;
  /** This engine's end-of-job line (its token: ENGINE_REUSE_ENV), and unterminated output before it on its line. */
  private readonly jobEnd: RegExp;
  /** How the process ended, once it has. */
  private exit: EngineExit | null = null;
  /** Told to end after its job (`end`): not given another. */
  private ending = false;
  /** Sending at the normal priority, the rest (start-up, preparing, files, idle) lower while another engine sends. */
  private readonly priority: ProcessPriority;

  constructor(
    readonly program: string,
    script: string,
    cwd: string,
    private readonly echo: NodeJS.WritableStream,
    private readonly env: Readonly<Record<string, string>>,
  ) {
    const token = randomBytes(8).toString('hex');
    this.jobEnd = new RegExp(`^(.*)${ENGINE_JOB_END} ${token} (\\d+)$`);
    this.child = spawnNodeScript(script, [ENGINE_ARGV_ON_STDIN], {
      cwd,
      echo,
      stdin: 'pipe',
      env: { ...env, [ENGINE_REUSE_ENV]: token },
    });
    this.priority = processPriority(() => this.child.pid);
    // An engine that died reports through its job's `exited`; writing to it must not throw as well.
    this.child.stdin?.on('error', () => {});
    splitLines(this.child.stdout, (line) => this.line('stdout', line));
    splitLines(this.child.stderr, (line) => this.line('stderr', line));
    void this.child.exited.then((exit) => {
      this.exit = exit;
      this.priority.release();
      const job = this.job;
      if (job && !job.ended) this.finish(job, exit);
    });
  }

  /** This engine for one job: `release` takes it back unless the job broke it. */
  lease(release: () => void): PrestartedEngine {
    let used = false;
    let done = false;
    const gated = this.env[ENGINE_SEND_GATE_ENV] === '1';
    return {
      program: this.program,
      gated,
      start: (args, turn, parsed) => {
        if (used) throw new Error('prestarted engine already used');
        used = true;
        const job = this.begin();
        this.child.stdin?.write(this.child.commandLine(args, parsed));
        // Its slots as the turn gives them (prestart.ts), stdin left open for the next job. A job that has ended
        // needs none (the engine skips a grant that comes anyway).
        // With its first slots the job sends: from then on at the normal priority.
        if (gated)
          forwardGrants(turn, (line) => {
            if (!job.ended) this.priority.foreground();
            return job.ended || this.child.stdin?.write(line);
          });
        else this.priority.foreground();
        return this.view(job);
      },
      background: () => this.priority.background(),
      dispose: () => {
        if (done) return;
        done = true;
        const job = this.job;
        // Unused, or its job ended on its own: kept. Anything else (stopped, killed, still running) ends it.
        if (this.alive && (!used || (job?.ended && !STOPPED.has(job.code ?? -1)))) {
          this.job = null;
          release();
        } else this.end();
      },
    };
  }

  get alive(): boolean {
    return this.exit === null;
  }

  /** Alive and not told to end: it can take a job after its current one. */
  get usable(): boolean {
    return this.alive && !this.ending;
  }

  /** No further job: the engine exits at the end of its stdin. */
  end(): void {
    this.ending = true;
    this.child.stdin?.end();
  }

  private begin(): Job {
    let settle!: (exit: EngineExit) => void;
    const exited = new Promise<EngineExit>((resolve) => (settle = resolve));
    const job: Job = {
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      ends: {},
      settle,
      exited,
      ended: false,
      code: null,
    };
    this.job = job;
    if (this.exit) this.finish(job, this.exit);
    return job;
  }

  private view(job: Job): EngineProcess {
    return {
      stdin: null,
      stdout: job.stdout,
      stderr: job.stderr,
      // After its job the process belongs to the next one: a late signal (runEngine's SIGKILL timer) is not for it.
      kill: (signal) => {
        if (!job.ended) this.child.kill(signal);
      },
      exited: job.exited,
    };
  }

  private line(stream: 'stdout' | 'stderr', line: string): void {
    const job = this.job;
    const end = this.jobEnd.exec(line);
    if (end && job && !job.ended) {
      // Output the job left without a newline ends up before the marker, on its line.
      if (end[1]) this.line(stream, end[1]);
      job.ends[stream] = Number(end[2]);
      job[stream].end();
      const { stdout, stderr } = job.ends;
      if (stdout !== undefined && stderr !== undefined)
        this.finish(job, { exitCode: stdout, signal: null, notFound: false });
      return;
    }
    if (job && !job.ended && job.ends[stream] === undefined) job[stream].write(`${line}\n`);
    // Between jobs only a warning can come (stderr); it is not lost, and like every engine line it is redacted.
    else if (stream === 'stderr') this.echo.write(`${redact(line)}\n`);
  }

  private finish(job: Job, exit: EngineExit): void {
    job.ended = true;
    this.priority.background();
    job.code = exit.exitCode;
    if (!job.stdout.writableEnded) job.stdout.end();
    if (!job.stderr.writableEnded) job.stderr.end();
    job.settle(exit);
  }
}
