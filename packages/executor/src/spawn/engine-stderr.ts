import type { WriteStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { redact } from '@eval-factory/errors';
import { ENGINE_PROGRESS_PREFIX, readSlotsLine, type EngineProgressEvent } from '@eval-factory/types';

const TAIL_LINES = 50;
/** How often a job of a suite adds its progress line to its log (the plain mode's rhythm). */
const LOG_PROGRESS_EVERY_MS = 5_000;
const ESCAPES = /\x1b\[[0-9;]*[A-Za-z]/g;

export interface EngineStderr {
  write(chunk: Buffer): void;
  /** Flushes an unfinished last line. */
  end(): void;
  /** The last lines, without terminal escapes, for error messages. */
  readonly tail: string[];
}

/**
 * The engine's stderr, redacted, to the terminal (`echo`) and the log. Without `onProgress` it is echoed as it comes
 * (a live bar redraws in place). With it (a suite: the engine runs with `EF_PROGRESS=events`) it is handled line by
 * line: progress events go to `onProgress`, and their plain line to the log every few seconds and at the end; a
 * gated engine's slots given up (`@ef-slots N`) to `onSlots`; every other line (warnings, errors) is echoed whole,
 * so the lines of engines running side by side never interleave.
 */
export function engineStderr(
  echo: NodeJS.WritableStream,
  log: WriteStream,
  onProgress?: (event: EngineProgressEvent) => void,
  onSlots?: (released: number) => void,
): EngineStderr {
  const tail: string[] = [];
  const keep = (text: string) => {
    if (text.trim()) tail.push(text.replace(ESCAPES, ''));
    if (tail.length > TAIL_LINES) tail.splice(0, tail.length - TAIL_LINES);
  };
  let partial = '';
  let loggedAt = 0;
  const line = (text: string) => {
    if (!onProgress) return void log.write(forLog(text));
    const released = readSlotsLine(text);
    if (released !== null) return void onSlots?.(released);
    if (!text.startsWith(ENGINE_PROGRESS_PREFIX)) {
      echo.write(`${text}\n`);
      log.write(forLog(text));
      return keep(text);
    }
    const event = parseEvent(text.slice(ENGINE_PROGRESS_PREFIX.length));
    if (!event) return;
    onProgress(event);
    if (event.final || Date.now() - loggedAt >= LOG_PROGRESS_EVERY_MS) {
      loggedAt = Date.now();
      log.write(`${event.line}\n`);
    }
  };
  // A pipe cuts anywhere: inside a UTF-8 character (the decoder holds its bytes back) or inside a secret. Lines are
  // redacted whole, so a key cut in two never reaches the log or a suite's echo; only the live bar's echo, which
  // cannot wait for a line end, is redacted chunk by chunk.
  const decoder = new StringDecoder('utf8');
  return {
    tail,
    write(chunk) {
      const text = decoder.write(chunk);
      if (!onProgress) {
        const shown = redact(text);
        echo.write(shown);
        // Of a line rewritten in place (a bar), the tail keeps each state.
        for (const piece of shown.split(/\r|\n/)) keep(piece);
      }
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const l of lines) line(redact(l));
    },
    end() {
      const rest = partial + decoder.end();
      if (rest) line(redact(rest));
      partial = '';
    },
  };
}

function parseEvent(json: string): EngineProgressEvent | null {
  try {
    const event = JSON.parse(json) as EngineProgressEvent;
    return typeof event?.total === 'number' ? event : null;
  } catch {
    return null;
  }
}

/**
 * One stderr line as the log keeps it: a live bar (drawn with terminal escape sequences) stays on the terminal —
 * the engine prints a plain summary line after it — and of a line rewritten with carriage returns only the last
 * state is kept.
 */
export function forLog(line: string): string {
  if (line.includes('\x1b')) return '';
  const last = line.slice(line.lastIndexOf('\r') + 1).trimEnd();
  return last ? `${last}\n` : '';
}
