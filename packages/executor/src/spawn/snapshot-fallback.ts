import type { ChildProcess } from 'node:child_process';
import { PassThrough, Writable } from 'node:stream';
import { type EngineExit, type EngineProcess, exitOf } from './engine-exit.js';

/**
 * How Node ends when it refuses a start-up snapshot blob, before any of the script's code runs: exit 14 (a blob of
 * another V8 or V8 configuration, or one it cannot open), an abort (not a blob at all) or a crash (a blob cut short,
 * as while a rebuild writes it).
 */
const REFUSED_SIGNALS = new Set(['SIGABRT', 'SIGSEGV', 'SIGBUS']);
const refused = (r: EngineExit) => r.exitCode === 14 || (r.signal !== null && REFUSED_SIGNALS.has(r.signal));

/** Each line Node writes when it refuses a blob (its message, an assertion's header, its native stack trace). */
const NODE_REFUSAL_LINE =
  /^(\s*$|Cannot open |Failed to load the startup snapshot|Expected tag |\s*#|-----|\s*\d+: 0x)/;
const nodeRefusal = (text: string) => text.split('\n').every((line) => NODE_REFUSAL_LINE.test(line));

/**
 * A snapshot-started Node process (`first`) that, when Node refuses its blob before the script's code has written
 * anything, is started once more by `again` (from its bundle), with whatever was written to its stdin so far (a
 * prestarted engine's command line). Its output comes from whichever process runs; Node's words of refusal are kept
 * out of it and given to `note` (for the debug log) with the reason.
 */
export function withSnapshotFallback(
  first: ChildProcess,
  again: () => ChildProcess,
  note: (why: string) => void,
): Omit<EngineProcess, 'pid'> & { readonly pid: number | undefined } {
  return new FallbackProcess(first, again, note);
}

/** withSnapshotFallback's process: the first one's output, held while it may be a refusal, then the second one's. */
class FallbackProcess {
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly stdin: Writable | null;
  readonly exited: Promise<EngineExit>;
  private child: ChildProcess;
  private loaded = false;
  private killed = false;
  private inputEnded = false;
  /** Node's lines while they may be a refusal; what was written to stdin while it may have to be written again. */
  private readonly held: Buffer[] = [];
  private readonly sent: Buffer[] = [];

  constructor(
    first: ChildProcess,
    private readonly again: () => ChildProcess,
    private readonly note: (why: string) => void,
  ) {
    this.child = first;
    first.stdout?.on('data', (chunk: Buffer) => {
      this.load();
      this.stdout.write(chunk);
    });
    first.stderr?.on('data', (chunk: Buffer) => {
      if (this.loaded || !nodeRefusal(Buffer.concat([...this.held, chunk]).toString('utf8'))) {
        this.load();
        this.stderr.write(chunk);
      } else this.held.push(chunk);
    });
    first.stdin?.on('error', () => {}); // a refused process's stdin is closed under its writes
    this.stdin = first.stdin ? this.input() : null;
    this.exited = exitOf(first).then((r) => this.settle(r));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  kill = (signal: NodeJS.Signals): void => {
    this.killed = true;
    this.child.kill(signal);
  };

  /** The script has written something: the blob was taken, and Node's held lines were not a refusal. */
  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    this.sent.length = 0;
    for (const chunk of this.held.splice(0)) this.stderr.write(chunk);
  }

  /** A stdin that writes to the process running now, and keeps what it wrote until the first is known to run. */
  private input(): Writable {
    return new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        if (!this.loaded) this.sent.push(chunk);
        this.child.stdin?.write(chunk);
        done();
      },
      final: (done) => {
        this.inputEnded = true;
        this.child.stdin?.end();
        done();
      },
    });
  }

  /** How the first process ended, or the second's exit once it is started from the bundle. */
  private settle(r: EngineExit): EngineExit | Promise<EngineExit> {
    if (this.killed || this.loaded || !refused(r)) {
      this.load();
      this.stdout.end();
      this.stderr.end();
      return r;
    }
    // Node's message, when it has one (an abort's names the process: said once per reason, not per process).
    const words = Buffer.concat(this.held)
      .toString('utf8')
      .split('\n')
      .find((line) => /^(Cannot open|Failed to load)/.test(line));
    const how = r.exitCode !== null ? `exit ${r.exitCode}` : (r.signal as string);
    this.note(`Node refused its start-up snapshot (${words ? `${words}, ` : ''}${how}): started again from its bundle`);
    const child = this.again();
    this.child = child;
    // Its stdin's errors (an engine that died under a later grant or command line) reach no one else: the callers
    // listen on this wrapper's stdin, which never fails.
    child.stdin?.on('error', () => {});
    child.stdout?.pipe(this.stdout);
    child.stderr?.pipe(this.stderr);
    for (const chunk of this.sent) child.stdin?.write(chunk);
    if (this.inputEnded) child.stdin?.end();
    // Started from the bundle, it needs no replay again: later writes (a suite's grants and next jobs, which may
    // carry credentials) are not kept, nor Node's refusal lines.
    this.loaded = true;
    this.sent.length = 0;
    this.held.length = 0;
    return exitOf(child);
  }
}
