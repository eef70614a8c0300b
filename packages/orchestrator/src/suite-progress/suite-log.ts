/**
 * The suite's log file (`<suite>/suite.log`) and where each job's own output goes while it runs in a suite.
 * Twenty jobs printing run_eval's summary block and their engine's notes side by side made a 20-job suite 339
 * lines on the terminal; now everything a job prints goes to the log, each line stamped and labelled with its job,
 * and the terminal gets only what needs a reader: each error with its hint, and each distinct warning once (the
 * same data-drift warning from twenty jobs is one line). How each job ended is the view's one line (view.ts).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { redact } from '@eval-factory/errors';
import { RUN_FILES } from '@eval-factory/types';
import { asOutputError, SUITE_DIR_HINT } from '@eval-factory/files';
import type { RunEvalHooks } from '../run-eval/run-eval.js';

/** Where a job's run_eval writes what it would print (RunEvalHooks.console). */
export type JobConsole = NonNullable<RunEvalHooks['console']>;

/** What the terminal gets of a line a job prints: shown, shown unless said before, or left to the log. */
export type LineRoute = 'show' | 'once' | 'log';

/**
 * `error[…]` lines are shown, and the `hint:` that follows one; `warning[…]` once per text; the rest (run_eval's
 * summary, fixture notes, `interrupted: … kept`) only in the log. `afterError`: the job's line before was an error.
 */
export function routeLine(line: string, afterError: boolean): LineRoute {
  if (/^error\[[^\]]*\]: /.test(line) || (afterError && line.startsWith('hint: '))) return 'show';
  if (/^warning\[[^\]]*\]: /.test(line)) return 'once';
  return 'log';
}

export class SuiteLog {
  readonly path: string;
  private fd: number | null;
  /** Warnings shown so far, without their job's label. */
  private readonly warned = new Set<string>();

  /** Opens (appends to) the log of the suite folder `suiteDir`; `terminal` is where shown lines go. */
  constructor(
    suiteDir: string,
    private readonly terminal: NodeJS.WritableStream = process.stderr,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.path = join(suiteDir, RUN_FILES.suiteLog);
    const path = this.path;
    this.fd = asOutputError(path, SUITE_DIR_HINT, () => openSync(path, 'a'));
  }

  /** Writes `text` (one or more lines) to the log, each line stamped and, given a label, labelled. */
  write(text: string, label?: string): void {
    if (this.fd === null) return;
    const at = this.clock().toISOString();
    const lines = text.replace(/\n$/, '').split('\n');
    const prefix = label ? `${at} ${label}: ` : `${at} `;
    writeSync(this.fd, lines.map((l) => `${prefix}${redact(l)}\n`).join(''));
  }

  /** The streams a job's run_eval writes to instead of stdout and stderr (`label`: `org/a pubmed_qa`). */
  jobConsole(label: string): JobConsole {
    let afterError = false;
    const err = (text: string) => {
      this.write(text, label);
      for (const line of text.replace(/\n$/, '').split('\n')) {
        const route = routeLine(line, afterError);
        afterError = route === 'show' && line.startsWith('error[');
        if (route === 'log' || (route === 'once' && this.warned.has(line))) continue;
        if (route === 'once') this.warned.add(line);
        this.terminal.write(`${label}: ${redact(line)}\n`);
      }
      return true;
    };
    const out = (text: string) => {
      this.write(text, label);
      return true;
    };
    return { out: { write: out } as NodeJS.WritableStream, err: { write: err } as NodeJS.WritableStream };
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
