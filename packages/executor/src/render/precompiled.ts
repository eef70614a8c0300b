/**
 * framework.yml's command templates compiled at build time: a cold Handlebars compile of the ~3 KB command cost
 * ~30–60 ms of every run's start-up (docs/performance.md, "Start-up"). `npm run build` writes
 * dist/command-templates.json (scripts/bundle.mjs); a template is looked up by its exact text, so an edited
 * framework.yml, or another one, compiles at run time as before.
 */
import { readFileSync } from 'node:fs';
import { handlebarsCompiler } from './handlebars.js';

/** How every command template is compiled: a missing field is an error, nothing is HTML-escaped (Handlebars
 * adds to the options object it gets, so each call gets a copy). */
export const COMPILE_OPTIONS = Object.freeze({ strict: true, noEscape: true });

/** Same place from src/render and dist/render. */
export const PRECOMPILED_COMMANDS_URL = new URL('../../dist/command-templates.json', import.meta.url);

let table: Readonly<Record<string, unknown>> | null | undefined;

/**
 * The build's compiled source of `template` (JavaScript text of a Handlebars template spec), or undefined.
 * @example precompiledSource(framework.defaults.command) // '{"compiler":[8,">= 4.3.0"],"main":function(…'
 */
export function precompiledSource(template: string, file: URL = PRECOMPILED_COMMANDS_URL): string | undefined {
  if (file !== PRECOMPILED_COMMANDS_URL) return lookup(read(file), template);
  table ??= read(file);
  return lookup(table, template);
}

function read(file: URL): Readonly<Record<string, unknown>> | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null; // not built yet, or unreadable: compile at run time
  }
}

function lookup(t: Readonly<Record<string, unknown>> | null, template: string): string | undefined {
  const source = t && Object.hasOwn(t, template) ? t[template] : undefined;
  return typeof source === 'string' ? source : undefined;
}

/**
 * The file's content for `templates`, compiled as run time would compile them.
 * @example precompiledCommandsJson([framework.defaults.command])
 */
export function precompiledCommandsJson(templates: readonly string[]): string {
  return JSON.stringify(
    Object.fromEntries(templates.map((t) => [t, handlebarsCompiler().precompile(t, { ...COMPILE_OPTIONS })])),
  );
}
