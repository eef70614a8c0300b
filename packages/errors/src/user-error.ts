import { redact } from './redact.js';

/**
 * The two kinds of error (style.md §2.9): expected ones users can fix (`UserError`, printed without a stack) and
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
export function formatError(e: unknown, debug = false): string {
  if (isUserError(e)) {
    const lines = [`error[${e.code}]: ${e.message}`];
    if (e.hint) lines.push(`hint: ${e.hint}`);
    if (debug && e.stack) lines.push(e.stack);
    return redact(lines.join('\n'));
  }
  const err = e instanceof Error ? e : new Error(String(e));
  const lines = [`error[EF_INTERNAL]: ${err.message}`, 'hint: this is a bug in eval-factory; please report it with the command you ran and --debug output.'];
  if (debug && err.stack) lines.push(err.stack);
  return redact(lines.join('\n'));
}

/** The one top-level handler of a bin: prints the coded error (stack only when `debug`) and returns the exit code. */
export function reportError(e: unknown, debug = false, stream: NodeJS.WritableStream = process.stderr): number {
  stream.write(`${formatError(e, debug)}\n`);
  return isUserError(e) ? e.exitCode : EXIT.error;
}
