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
  let child = first;
  let loaded = false;
  let killed = false;
  let inputEnded = false;
  const held: Buffer[] = [];
  const sent: Buffer[] = [];
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  // Until the script writes something, Node's own lines may be a refusal: held, not shown.
  const load = () => {
    if (loaded) return;
    loaded = true;
    sent.length = 0;
    for (const chunk of held.splice(0)) stderr.write(chunk);
  };
  first.stdout?.on('data', (chunk: Buffer) => {
    load();
    stdout.write(chunk);
  });
  first.stderr?.on('data', (chunk: Buffer) => {
    if (!loaded && nodeRefusal(Buffer.concat([...held, chunk]).toString('utf8'))) held.push(chunk);
    else {
      load();
      stderr.write(chunk);
    }
  });
  const stdin = first.stdin
    ? new Writable({
        write(chunk: Buffer, _encoding, done) {
          if (!loaded) sent.push(chunk);
          child.stdin?.write(chunk);
          done();
        },
        final(done) {
          inputEnded = true;
          child.stdin?.end();
          done();
        },
      })
    : null;
  first.stdin?.on('error', () => {}); // a refused process's stdin is closed under its writes
  const exited = (async () => {
    const r = await exitOf(first);
    if (killed || loaded || !refused(r)) {
      load();
      stdout.end();
      stderr.end();
      return r;
    }
    // Node's message, when it has one (an abort's names the process: said once per reason, not per process).
    const words = Buffer.concat(held)
      .toString('utf8')
      .split('\n')
      .find((line) => /^(Cannot open|Failed to load)/.test(line));
    const how = r.exitCode !== null ? `exit ${r.exitCode}` : (r.signal as string);
    note(`Node refused its start-up snapshot (${words ? `${words}, ` : ''}${how}): started again from its bundle`);
    child = again();
    child.stdout?.pipe(stdout);
    child.stderr?.pipe(stderr);
    for (const chunk of sent) child.stdin?.write(chunk);
    if (inputEnded) child.stdin?.end();
    return exitOf(child);
  })();
  return {
    get pid() {
      return child.pid;
    },
    stdin,
    stdout,
    stderr,
    kill: (signal) => {
      killed = true;
      child.kill(signal);
    },
    exited,
  };
}
