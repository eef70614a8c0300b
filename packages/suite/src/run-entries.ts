/**
 * HELM's run-entries files (`run_entries_medhelm_public.conf`), read as they are: a HOCON `entries: [ … ]` list of
 * `{description: "scenario:arg=value,…", priority: N}` objects, with `#` and `//` comments. Anything else inside
 * the list is an error naming its line, so an entry is never silently not run (a complaint of HELM users).
 */
import { UserError } from '@eval-factory/errors';

export interface RunEntry {
  /** `medcalc_bench:num_output_tokens=4000,model=openai/gpt-4o,model_deployment=…` */
  readonly description: string;
  /** HELM's default priority is 1 when an entry gives none. */
  readonly priority: number;
  /** 1-based line of the entry in its file. */
  readonly line: number;
}

const ENTRY = /\{\s*description\s*:\s*"((?:[^"\\]|\\.)*)"\s*(?:,\s*priority\s*:\s*(\d+)\s*)?,?\s*\}\s*,?/y;

/**
 * @example parseRunEntries('entries: [\n  {description: "pubmed_qa:model=text", priority: 1}\n]\n', 'x.conf')
 *   // [{ description: 'pubmed_qa:model=text', priority: 1, line: 2 }]
 */
export function parseRunEntries(text: string, file: string): RunEntry[] {
  const source = withoutComments(text);
  const open = /^\s*entries\s*[:=]?\s*\[/m.exec(source);
  if (!open) throw confError(file, 1, 'no `entries: [` list');
  const entries: RunEntry[] = [];
  let i = open.index + open[0].length;
  for (;;) {
    while (i < source.length && /\s/.test(source[i]!)) i++;
    if (i >= source.length) throw confError(file, lineAt(source, i), 'the `entries` list is not closed with `]`');
    if (source[i] === ']') break;
    ENTRY.lastIndex = i;
    const m = ENTRY.exec(source);
    if (!m)
      throw confError(
        file,
        lineAt(source, i),
        `expected {description: "…", priority: N}, found ${JSON.stringify(source.slice(i, i + 40).split('\n')[0])}`,
      );
    entries.push({
      description: JSON.parse(`"${m[1]}"`) as string,
      priority: m[2] === undefined ? 1 : Number(m[2]),
      line: lineAt(source, i),
    });
    i = ENTRY.lastIndex;
  }
  return entries;
}

/** Comments blanked to spaces (line numbers and offsets kept); `#` inside a quoted description is text. */
function withoutComments(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|#[^\n]*|\/\/[^\n]*/g, (m) => (m.startsWith('"') ? m : ' '.repeat(m.length)));
}

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

function confError(file: string, line: number, what: string): UserError {
  return new UserError(
    'EF_SUITE_CONF',
    `${file}:${line}: ${what}`,
    'Write each entry as {description: "scenario:arg=value,model=org/name", priority: 1} inside entries: [ … ] (docs/reproduce-medhelm.md).',
  );
}
