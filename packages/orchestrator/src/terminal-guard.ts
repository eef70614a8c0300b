/**
 * `run_suite`, `merge` and `status` print names that come from files and flags (a run-entries description, a suite
 * YAML's names, `--suite`): while they run, every text written to stdout and stderr goes through `terminalSafe`, as
 * `validate`'s output does, so an escape sequence hidden in a name is shown (`\x1b[2J`), never acted on. Error
 * messages are made safe by `formatError` itself. The suite's progress view draws its own block with `rawWrite`.
 */
import { terminalSafe } from '@eval-factory/errors';

type Write = (text: string) => boolean;
const raw = new WeakMap<NodeJS.WritableStream, Write>();

/** Escapes control characters in every string written to `streams` until the returned function is called. */
export function escapeTerminalOutput(
  streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr],
): () => void {
  const restores = streams.map((stream) => {
    const original = stream.write;
    raw.set(stream, (text) => (original as Write).call(stream, text));
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
      const safe = typeof chunk === 'string' ? terminalSafe(chunk) : chunk;
      return (original as (...a: unknown[]) => boolean).call(this, safe, ...rest);
    } as typeof stream.write;
    return () => {
      stream.write = original;
      raw.delete(stream);
    };
  });
  return () => {
    for (const restore of restores) restore();
  };
}

/** The stream's write as it was before `escapeTerminalOutput`: for the view's own cursor movements only. */
export function rawWrite(stream: NodeJS.WritableStream): Write {
  return raw.get(stream) ?? (stream.write.bind(stream) as Write);
}

/** `run` with the terminal guarded, put back whatever happens. */
export async function withSafeTerminal<T>(run: () => Promise<T>): Promise<T> {
  const restore = escapeTerminalOutput();
  try {
    return await run();
  } finally {
    restore();
  }
}
