import type { Readable } from 'node:stream';
import { EXIT, UserError } from '@eval-factory/errors';
import { readEngineCommandLine, readSendGo, type ParsedFile, type SlotGrant } from '@eval-factory/types';

/**
 * The next line of a stream (without its newline), or null at its end. A reader that `until` aborts stops waiting
 * (null) and takes no line: the line goes to the next reader.
 */
export type LineReader = (until?: AbortSignal) => Promise<string | null>;

/**
 * Reads `stdin` line by line without consuming more than asked of the stream's life: the prestarted engine reads
 * its argv, and in a suite later its grants of slots (ENGINE_SEND_GATE_ENV in @eval-factory/types), from the same stdin.
 */
export function lineReader(stdin: Readable): LineReader {
  let buffered = '';
  let ended = false;
  const waiting: ((line: string | null) => void)[] = [];
  const lines: string[] = [];
  const settle = () => {
    while (waiting.length && (lines.length || ended)) waiting.shift()!(lines.shift() ?? null);
  };
  stdin.on('data', (chunk) => {
    buffered += String(chunk);
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      lines.push(buffered.slice(0, nl));
      buffered = buffered.slice(nl + 1);
    }
    settle();
  });
  const end = () => {
    if (buffered) lines.push(buffered);
    buffered = '';
    ended = true;
    settle();
  };
  stdin.on('end', end);
  stdin.on('error', end);
  return (until) =>
    new Promise((resolve) => {
      if (until?.aborted) return resolve(null);
      const onAbort = () => {
        const at = waiting.indexOf(deliver);
        if (at >= 0) waiting.splice(at, 1);
        resolve(null);
      };
      // The abort listener goes with its line: a job reads a grant per slot given up, all under one signal.
      const deliver = (line: string | null) => {
        until?.removeEventListener('abort', onAbort);
        resolve(line);
      };
      until?.addEventListener('abort', onAbort, { once: true });
      waiting.push(deliver);
      settle();
    });
}

/**
 * The command of an engine started early by the factory (`ef-bench --argv-on-stdin`, see @eval-factory/types
 * ENGINE_ARGV_ON_STDIN): the first line of stdin, a JSON array of strings, or that array with the environment
 * changed since the engine started and the files the factory parsed for it (`engineCommandLine`); the environment
 * changes are applied to `env` first. Null when stdin ends without a line (the factory stopped before the run, e.g.
 * on a config error).
 */
export async function commandFromStdin(
  stdin: Readable | LineReader = process.stdin,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ argv: string[]; parsed: readonly ParsedFile[] } | null> {
  const text = (await (typeof stdin === 'function' ? stdin : lineReader(stdin))()) ?? '';
  if (text.trim() === '') return null;
  const line = readEngineCommandLine(text);
  if (line === null) {
    throw new UserError(
      'EF_USAGE',
      'stdin of `ef-bench --argv-on-stdin` must be one line: a JSON array of strings, or {"argv": [...], "env": {...}, "parsed": [...]}',
      'start the engine with its arguments instead',
      EXIT.usage,
    );
  }
  for (const [name, value] of Object.entries(line.env)) {
    if (value === null) delete env[name];
    else env[name] = value;
  }
  return { argv: line.argv, parsed: line.parsed };
}

/**
 * The lines of `next` that are not grants of slots: an engine that runs one job after another reads the next job's
 * argv through it, since a job that ended before its last grant (an error while it loaded) leaves that grant unread.
 */
export function skippingGrants(next: LineReader): LineReader {
  return async (until) => {
    for (;;) {
      const line = await next(until);
      if (line === null || readSendGo(line) === null) return line;
    }
  };
}

/**
 * A suite's prepared engine (ENGINE_SEND_GATE_ENV): reads its grants of slots (`go N`, then `go`) from the rest of
 * stdin and hands them to `share`, whose first grant lets the run send. End of input before `go` (the factory is
 * gone or stops the suite) calls `ended`: the engine stops itself as on SIGTERM.
 */
export async function readGrants(
  next: LineReader,
  share: { give(slots: SlotGrant): void },
  ended: () => void,
  /** Aborted when the job is over (an engine that runs further jobs): reading stops, taking no further line. */
  until?: AbortSignal,
): Promise<void> {
  for (;;) {
    const line = await next(until);
    if (line === null) return until?.aborted ? undefined : ended();
    const grant = readSendGo(line);
    if (grant !== null) share.give(grant);
    if (grant === 'all') return;
  }
}
