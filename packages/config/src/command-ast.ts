/**
 * The command template's Handlebars syntax tree, parsed once per process: the unused-parameter check and the NeMo
 * translation both read it. A cold parse of framework.yml's ~3 KB command cost ~40–80 ms of the factory's CPU before
 * a run's first request (docs/performance.md, "Start-up"), so `npm run build` writes the trees of framework.yml's
 * commands to dist/command-asts.json (scripts/bundle.mjs); a tree is looked up by its template's exact text, so an
 * edited framework.yml, or another command, is parsed at run time as before. Callers only read the tree.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as HandlebarsNs from 'handlebars';

type Program = ReturnType<typeof HandlebarsNs.parse>;

/** Same place from src/ and dist/ (both one level below the package). */
export const PREPARSED_COMMANDS_URL = new URL('../dist/command-asts.json', import.meta.url);

const parsed = new Map<string, Program>();
let table: Readonly<Record<string, unknown>> | null | undefined;

function handlebars(): typeof HandlebarsNs {
  return createRequire(import.meta.url)('handlebars') as typeof HandlebarsNs;
}

function readTable(file: URL): Readonly<Record<string, unknown>> | null {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null; // not built yet, or unreadable: parse at run time
  }
}

/** The build's tree of `template`, or undefined. */
function preparsed(template: string, file: URL): Program | undefined {
  const t = file === PREPARSED_COMMANDS_URL ? (table ??= readTable(file)) : readTable(file);
  const ast = t && Object.hasOwn(t, template) ? t[template] : undefined;
  return ast !== null && typeof ast === 'object' && (ast as { type?: unknown }).type === 'Program'
    ? (ast as Program)
    : undefined;
}

/**
 * The syntax tree of `template` (Handlebars is loaded on first use: `ls` never parses a template).
 * @example commandAst('run {{config.params.task}}').body.length // 2
 */
export function commandAst(template: string, file: URL = PREPARSED_COMMANDS_URL): Program {
  if (file !== PREPARSED_COMMANDS_URL) return preparsed(template, file) ?? handlebars().parse(template);
  let ast = parsed.get(template);
  if (ast === undefined) {
    ast = preparsed(template, file) ?? handlebars().parse(template);
    parsed.set(template, ast);
  }
  return ast;
}

/**
 * The file's content for `templates`: each one's tree as a run-time parse makes it.
 * @example commandAstsJson([framework.defaults.command])
 */
export function commandAstsJson(templates: readonly string[]): string {
  const hb = handlebars();
  return JSON.stringify(Object.fromEntries(templates.map((t) => [t, hb.parse(t)])));
}
