/**
 * Patterns written by users (a custom benchmark's `task.pattern`) run on RE2 (re2js, a pure-JavaScript port), never on
 * V8's backtracking engine: a pattern such as `^(a+)+$` against a long model answer takes exponential time in V8 and
 * blocks the event loop (no signal handler runs, so even SIGTERM cannot stop the run). RE2 matches in time linear in
 * the answer and refuses the constructs that need backtracking (backreferences, lookaheads) when the definition is
 * read.
 */
import { RE2JS } from 're2js';

/** A compiled user pattern: how many capture groups it has, and the text one of them captures. */
export interface UserPattern {
  readonly groupCount: number;
  /** Capture `group` of the first match in `text` (0: the whole match), or null when nothing matches. */
  extract(text: string, group: number): string | null;
}

/** JavaScript flag letters the definition schema allows, as RE2 flags (`u`: RE2 always reads Unicode). */
const FLAG_BITS: Readonly<Record<string, number>> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  u: 0,
  g: 0, // one match is taken either way
};

/**
 * Compiles a user pattern with RE2; throws an Error whose message says why RE2 cannot run it.
 * @example compileUserPattern('answer:\\s*([A-E])', 'i').extract('Answer: b', 1) // 'b'
 */
export function compileUserPattern(pattern: string, flags: string): UserPattern {
  let bits = 0;
  for (const letter of flags) {
    const bit = FLAG_BITS[letter];
    if (bit === undefined) throw new Error(`flag '${letter}' is not supported (use i, m, s or u)`);
    bits |= bit;
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern, bits);
  } catch (error) {
    // RE2 names the construct it refuses (e.g. "invalid or unsupported Perl syntax: `(?=`").
    throw new Error(`${(error as Error).message}; patterns run on RE2, which has no backreferences or lookaheads`);
  }
  return {
    groupCount: compiled.groupCount(),
    extract(text, group) {
      const matcher = compiled.matcher(text);
      return matcher.find() ? (matcher.group(group) ?? null) : null;
    },
  };
}
