import { createWriteStream, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { redact } from '@eval-factory/errors';
import { makeOutputDirSync } from '@eval-factory/files';

/**
 * Lines the engine adds to the run's `logs/eval-factory.log`, and nowhere else (the console stays as it is): the
 * events a NeMo or HELM user greps the log for (docs/configuration.md#logs). Each cause is written once, when it
 * first happens (`rate limited 429 retry-after (model …): 2 s`), and again with its count when the run ends
 * (`rate limited 429 retry-after (model …): 37 times in this run`, when more than once); `--debug` adds one line per request. Every line
 * goes through the redaction layer; secrets are named by their variable, with at most their last four characters.
 * Until `open` (unit tests, `ef-bench list`), nothing is written.
 */
export class RunLog {
  private stream: WriteStream | null = null;
  private debugOn = false;
  private readonly causes = new Map<string, number>();

  /** Appends to `file` (the executor writes the same file; both append whole lines). */
  open(file: string, debug: boolean): void {
    makeOutputDirSync(dirname(file));
    this.stream = createWriteStream(file, { flags: 'a' });
    this.debugOn = debug;
    this.causes.clear();
  }

  get debugging(): boolean {
    return this.stream !== null && this.debugOn;
  }

  /** One occurrence of `cause`: its first is written with `detail`, all are counted. */
  event(cause: string, detail?: string): void {
    const seen = this.causes.get(cause) ?? 0;
    this.causes.set(cause, seen + 1);
    if (seen === 0) this.write(detail ? `${cause}: ${detail}` : cause);
  }

  /** A `--debug` line; `line` is only built when debugging. */
  debug(line: () => string): void {
    if (this.debugging) this.write(`debug: ${line()}`);
  }

  /** Each cause that happened more than once with its count (a single line means once), then the file is closed. */
  async close(): Promise<void> {
    for (const [cause, count] of this.causes) if (count > 1) this.write(`${cause}: ${count} times in this run`);
    const stream = this.stream;
    this.stream = null;
    this.causes.clear();
    if (stream) await new Promise<void>((resolve) => stream.end(() => resolve()));
  }

  private write(text: string): void {
    this.stream?.write(`${new Date().toISOString()} ${redact(text)}\n`);
  }
}

/** The engine process runs one run at a time; clients and auth record into this one. */
export const runLog = new RunLog();
