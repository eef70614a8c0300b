/**
 * The only helpers the command template may use (docs/configuration.md). They live in a private Handlebars
 * environment so no other package can add logic to command templates.
 */
import { UserError } from '@eval-factory/errors';
import { handlebarsRuntime, type Handlebars } from './handlebars.js';
import { quoteShellWord } from './shell-quote.js';

/** Handlebars passes this as the last helper argument; `loc` locates the call in the template. */
interface HelperOptions {
  readonly loc?: { readonly start: { line: number; column: number }; readonly end: { line: number; column: number } };
}

/** The template text between two Handlebars locations (lines 1-based, columns 0-based). */
export function sourceAt(template: string, loc: NonNullable<HelperOptions['loc']>): string {
  const lines = template.split('\n');
  if (loc.start.line === loc.end.line) return (lines[loc.start.line - 1] ?? '').slice(loc.start.column, loc.end.column);
  const first = (lines[loc.start.line - 1] ?? '').slice(loc.start.column);
  return [
    first,
    ...lines.slice(loc.start.line, loc.end.line - 1),
    (lines[loc.end.line - 1] ?? '').slice(0, loc.end.column),
  ].join('\n');
}

/** Error for a value the template needs but the configuration leaves unset. */
export function missingField(path: string): UserError {
  return new UserError(
    'EF_TEMPLATE',
    `Missing required configuration field: ${path}`,
    'Set it in the run_config (or --overrides), or guard it in the template with {{#if (isSet …)}}.',
  );
}

/** Value is neither null nor undefined, so `0` and `false` count as set. */
export function isSet(value: unknown): boolean {
  return value !== null && value !== undefined;
}

/**
 * A Handlebars environment with `isSet`, `quote` and `eq`. `template` is only used to name the field in errors.
 * @example createTemplateEnvironment(src).template(spec)(context) // spec: the template compiled (render-command.ts)
 */
export function createTemplateEnvironment(template: string, plain: (value: unknown) => unknown = (v) => v): Handlebars {
  const hbs = handlebarsRuntime.create();
  hbs.registerHelper('isSet', (value: unknown) => isSet(value));
  // `plain` turns renderArgv's value tokens back into the values, so comparisons see what the user wrote.
  hbs.registerHelper('eq', (a: unknown, b: unknown) => plain(a) === plain(b));
  hbs.registerHelper('quote', (...args: unknown[]) => {
    const options = args[args.length - 1] as HelperOptions;
    const value = args.length > 1 ? args[0] : undefined;
    if (!isSet(value)) throw missingField(quotedPath(template, options));
    return quoteShellWord(typeof value === 'object' ? JSON.stringify(value) : String(value));
  });
  return hbs;
}

/** `{{quote config.output_dir}}` → `config.output_dir`, for the error message. */
function quotedPath(template: string, options: HelperOptions): string {
  if (!options.loc) return '(argument of quote)';
  const call = sourceAt(template, options.loc);
  return /quote\s+([^\s})]+)/.exec(call)?.[1] ?? call;
}
