/**
 * The suite's one progress display. Every job's engine runs with `EF_PROGRESS=events` and draws
 * nothing; their events come here through the board, and what the jobs print goes to the suite's log
 * (suite-log.ts). Either way one line per job when it ends (formatJobEnd). On a terminal: one live block at the
 * bottom (the overall line and a line per endpoint still at work), redrawn four times a second; whatever else is
 * written meanwhile (a job's end, an error, a warning) is printed above it. Not on a terminal (a pipe, a CI log):
 * the job lines, and a line saying what runs when nothing was printed for a minute. A warning repeated word for
 * word is printed once.
 */
import { terminalSafe } from '@eval-factory/errors';
import type { EngineProgressEvent } from '@eval-factory/types';
import { rawWrite } from '../terminal-guard.js';
import type { SuiteBoard } from './board.js';
import { formatJobEnd, formatOverall, formatPlain, formatView } from './format.js';

export type SuiteViewMode = 'tty' | 'plain' | 'off';

export interface SuiteView {
  start(i: number): void;
  progress(i: number, event: EngineProgressEvent): void;
  end(i: number, status: string): void;
  /** Stops drawing, gives the streams back and leaves the last overall line. */
  close(): void;
}

/** Not on a terminal: a line saying what runs after this long without one (long jobs in a CI log). */
const PLAIN_INTERVAL_MS = 60_000;
const TTY_INTERVAL_MS = 250;

/** As the engine decides for its own bar: `EF_PROGRESS` when set, else a terminal outside CI gets the live view. */
export function suiteViewMode(env: NodeJS.ProcessEnv = process.env, stream = process.stderr): SuiteViewMode {
  const asked = env.EF_PROGRESS;
  if (asked === 'tty' || asked === 'plain' || asked === 'off') return asked;
  return stream.isTTY === true && env.CI !== 'true' ? 'tty' : 'plain';
}

export function openSuiteView(
  board: SuiteBoard,
  mode: SuiteViewMode = suiteViewMode(),
  streams: { err: NodeJS.WriteStream; out: NodeJS.WriteStream } = { err: process.stderr, out: process.stdout },
): SuiteView {
  const err = streams.err;
  // The block's own cursor movements go out as written; every name in it is made safe (terminalSafe) first.
  const write = rawWrite(err);
  let drawn = 0;
  const clear = () => {
    if (mode !== 'tty' || drawn === 0) return;
    write(`\r${drawn > 1 ? `\x1b[${drawn - 1}A` : ''}\x1b[J`);
    drawn = 0;
  };
  let atLineStart = true;
  const draw = () => {
    if (mode !== 'tty') return;
    clear();
    const width = Math.max(20, (err.columns || 100) - 1);
    const lines = formatView(board)
      .map(terminalSafe)
      .map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
    write(`${atLineStart ? '' : '\n'}${lines.join('\n')}`);
    atLineStart = true;
    drawn = lines.length;
  };
  const seen = new Set<string>();
  const restore = [err, ...(mode === 'tty' && streams.out.isTTY ? [streams.out] : [])].map((s) =>
    interceptWrites(s, (text) => {
      // The same warning from every job (a config warning the factory gives each job): once. An engine's lines
      // carry their job's label (`org/a pubmed_qa: warning[…]`), so two jobs' own warnings are both said.
      if (/^warning\[[^\]]*\]: [^\n]*\n$/.test(text)) {
        if (seen.has(text)) return null;
        seen.add(text);
      }
      clear();
      return () => {
        atLineStart = text.endsWith('\n');
        draw();
      };
    }),
  );
  let printedAt = Date.now();
  let printed = '';
  const plainLine = () => {
    printedAt = Date.now();
    printed = terminalSafe(formatPlain(board));
    write(`${printed}\n`);
  };
  const timer =
    mode === 'off'
      ? null
      : setInterval(
          () => (mode === 'tty' ? draw() : Date.now() - printedAt >= PLAIN_INTERVAL_MS && plainLine()),
          mode === 'tty' ? TTY_INTERVAL_MS : 1_000,
        );
  timer?.unref();
  // The cursor is hidden while the block is drawn; an exit before close (an internal error) must not leave it so.
  const showCursor = () => void write('\x1b[?25h');
  if (mode === 'tty') {
    write('\x1b[?25l');
    process.once('exit', showCursor);
  }
  return {
    start: (i) => board.start(i, Date.now()),
    progress: (i, event) => board.progress(i, event),
    end(i, status) {
      board.end(i, status, Date.now());
      if (mode === 'off') return;
      clear();
      printedAt = Date.now();
      write(`${terminalSafe(formatJobEnd(board, i))}\n`);
      atLineStart = true;
      draw();
    },
    close() {
      if (timer) clearInterval(timer);
      clear();
      for (const r of restore) r();
      if (mode === 'tty') {
        process.off('exit', showCursor);
        showCursor();
      }
      // The last state stays on screen (a terminal) or ends the log (unless the last plain line said it already).
      const last = terminalSafe(formatOverall(board));
      if (mode === 'tty' || (mode === 'plain' && last !== printed)) write(`${last}\n`);
    },
  };
}

/**
 * Routes a stream's writes through `around`: it sees each written text and returns null to drop it, or a function
 * to call once the text is written. Returns the function that puts the stream's own write back.
 */
function interceptWrites(stream: NodeJS.WriteStream, around: (text: string) => (() => void) | null): () => void {
  const original = stream.write;
  stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
    const after = around(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
    if (after === null) return true;
    const ok = (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    after();
    return ok;
  } as typeof stream.write;
  return () => {
    stream.write = original;
  };
}
