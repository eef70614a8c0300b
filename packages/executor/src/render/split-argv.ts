/**
 * Splits a rendered command into argv with POSIX shell-word rules, without ever running a shell (docs/configuration.md):
 * whitespace (newlines included) separates words; single quotes keep everything literal; double quotes keep
 * everything literal except `\` before `$`, `` ` ``, `"`, `\` or a newline; outside quotes `\` escapes the next
 * character. Anything a shell would treat as a second command, a redirection or a substitution is refused, because
 * the spawn has no shell to give it that meaning. Variable references such as `$HOME` stay literal.
 */
import { UserError } from '@eval-factory/errors';

/** Checked longest first so `&&` is not reported as `&`. */
const OPERATORS = ['&&', '||', '$(', '|', '&', ';', '>', '<', '`'];
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const DOUBLE_QUOTE_ESCAPABLE = new Set(['$', '`', '"', '\\']);

/**
 * Splits `command` into words.
 * @example splitArgv(`ef-bench run --output-path '/data/my runs' --suite "a b"`)
 *   // ['ef-bench', 'run', '--output-path', '/data/my runs', '--suite', 'a b']
 */
export function splitArgv(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let i = 0;
  while (i < command.length) {
    const c = command[i] as string;
    if (WHITESPACE.has(c)) {
      if (word !== null) words.push(word);
      word = null;
      i += 1;
      continue;
    }
    const operator = OPERATORS.find((op) => command.startsWith(op, i));
    if (operator) throw notSingle(command, operator, i);
    const part = readPart(command, i);
    if (part.text !== null) word = (word ?? '') + part.text;
    i = part.next;
  }
  if (word !== null) words.push(word);
  return words;
}

/** Reads one quoted section, escape or plain character starting at `i`; `text: null` for a line continuation. */
function readPart(command: string, i: number): { text: string | null; next: number } {
  const c = command[i];
  if (c === "'") {
    const end = command.indexOf("'", i + 1);
    if (end === -1) throw unterminated(command, "'", i);
    return { text: command.slice(i + 1, end), next: end + 1 };
  }
  if (c === '"') return readDoubleQuoted(command, i);
  if (c === '\\') {
    if (i + 1 >= command.length) return { text: '\\', next: i + 1 };
    return { text: command[i + 1] === '\n' ? null : (command[i + 1] as string), next: i + 2 };
  }
  return { text: c as string, next: i + 1 };
}

function readDoubleQuoted(command: string, start: number): { text: string; next: number } {
  let text = '';
  let i = start + 1;
  while (i < command.length) {
    const c = command[i] as string;
    if (c === '"') return { text, next: i + 1 };
    // A shell would run these even inside double quotes; without a shell they cannot mean what the author wanted.
    if (c === '`' || command.startsWith('$(', i)) throw notSingle(command, c === '`' ? '`' : '$(', i);
    const next = command[i + 1];
    if (c === '\\' && next !== undefined && (DOUBLE_QUOTE_ESCAPABLE.has(next) || next === '\n')) {
      if (next !== '\n') text += next;
      i += 2;
      continue;
    }
    text += c;
    i += 1;
  }
  throw unterminated(command, '"', start);
}

function excerpt(command: string, at: number): string {
  return command.slice(Math.max(0, at - 20), at + 20).replace(/\s+/g, ' ');
}

function notSingle(command: string, operator: string, at: number): UserError {
  return new UserError(
    'EF_COMMAND_NOT_SINGLE',
    `The rendered command is not a single engine invocation: shell operator '${operator}' at character ${at} (near "${excerpt(command, at)}")`,
    'Remove shell operators from the framework.yml command template; pass values with {{quote …}} so special characters stay quoted.',
  );
}

function unterminated(command: string, quote: string, at: number): UserError {
  return new UserError(
    'EF_COMMAND_SYNTAX',
    `The rendered command has an unterminated ${quote} quote at character ${at} (near "${excerpt(command, at)}")`,
    'Check the quotes in the framework.yml command template; pass values with {{quote …}} instead of quoting by hand.',
  );
}
