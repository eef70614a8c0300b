import type { Readable } from 'node:stream';
import { EXIT, UserError } from '@eval-factory/errors';

/**
 * The argv of an engine started early by the factory (`ef-bench --argv-on-stdin`, see @eval-factory/types
 * ENGINE_ARGV_ON_STDIN): the first line of stdin, a JSON array of strings. Null when stdin ends without a line
 * (the factory stopped before the run, e.g. on a config error).
 */
export async function argvFromStdin(stdin: Readable = process.stdin): Promise<string[] | null> {
  let text = '';
  for await (const chunk of stdin) {
    text += String(chunk);
    const newline = text.indexOf('\n');
    if (newline >= 0) {
      text = text.slice(0, newline);
      break;
    }
  }
  if (text.trim() === '') return null;
  let argv: unknown;
  try {
    argv = JSON.parse(text);
  } catch {
    argv = null;
  }
  if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) {
    throw new UserError(
      'EF_USAGE',
      'stdin of `ef-bench --argv-on-stdin` must be one JSON array of strings',
      'start the engine with its arguments instead',
      EXIT.usage,
    );
  }
  return argv;
}
