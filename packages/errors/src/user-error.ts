import { redact } from './redact.js';
import { terminalSafe } from './terminal-safe.js';

/**
 * The two kinds of error (docs/architecture.md): expected ones users can fix (`UserError`, printed without a stack) and
 * internal ones (`InternalError`, printed with a stack and "please report").
 */

/** `interrupted`: Ctrl-C (128 + SIGINT); `terminated`: SIGTERM (128 + 15), as a shell reports them. */
export const EXIT = { ok: 0, error: 1, usage: 2, interrupted: 130, terminated: 143 } as const;

export class UserError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  readonly exitCode: number;

  /**
   * @example throw new UserError('EF_MISSING_ARG', 'Missing required argument: config.type (cli: --eval_type)', 'Pass --eval_type or set config.type.')
   */
  constructor(code: string, message: string, hint?: string, exitCode: number = EXIT.error) {
    super(message);
    this.name = 'UserError';
    this.code = code;
    this.hint = hint;
    this.exitCode = exitCode;
  }
}

export class InternalError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InternalError';
  }
}

export function isUserError(e: unknown): e is UserError {
  return e instanceof UserError || (e instanceof Error && e.name === 'UserError' && 'code' in e);
}

/** Formats an error for stderr: `error[EF_CODE]: message` + `hint: …`; the stack only when `debug`. */
export function formatError(raw: unknown, debug = false): string {
  const e = fromDiskFull(raw);
  if (isUserError(e)) {
    const lines = [`error[${e.code}]: ${e.message}`];
    if (e.hint) lines.push(`hint: ${e.hint}`);
    if (debug && e.stack) lines.push(e.stack);
    // A message may quote a name from a file (a run entry, a suite name): shown, never acted on by the terminal.
    return terminalSafe(redact(lines.join('\n')));
  }
  const err = e instanceof Error ? e : new Error(String(e));
  const lines = [
    `error[EF_INTERNAL]: ${err.message}`,
    'hint: this is a bug in eval-factory; please report it with the command you ran and --debug output.',
  ];
  if (debug && err.stack) lines.push(err.stack);
  return terminalSafe(redact(lines.join('\n')));
}

/** The one top-level handler of a bin: prints the coded error (stack only when `debug`) and returns the exit code. */
export function reportError(e: unknown, debug = false, stream: NodeJS.WritableStream = process.stderr): number {
  stream.write(`${formatError(e, debug)}\n`);
  const user = fromDiskFull(e);
  return isUserError(user) ? user.exitCode : EXIT.error;
}

/** Errors that mean the disk (or the user's quota) is full, from Node's fs and from SQLite. */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/**
 * A full disk is the user's to fix, not a bug: wherever it surfaces (a stream, a rename, the SQLite cache) it is
 * reported as EF_OUTPUT_WRITE. Answers already received are in the cache (each is written there before
 * it counts), so the hint says how to go on.
 */
export function fromDiskFull(e: unknown): unknown {
  const code = (e as { code?: unknown } | null)?.code;
  if (isUserError(e) || typeof code !== 'string' || !DISK_FULL.has(code)) return e;
  const path = (e as { path?: unknown }).path;
  return new UserError(
    'EF_OUTPUT_WRITE',
    `cannot write${typeof path === 'string' ? ` ${path}` : ' to the output folder'}: no space left on the device (${code})`,
    'Free space (or choose another config.output_dir) and re-run the same command: answers already received are in cache.db and are not sent again.',
  );
}
