/**
 * Renders the framework.yml command template (docs/configuration.md) against the merged Evaluation, and turns the
 * result into the argv of one engine invocation.
 */
import { UserError } from '@eval-factory/errors';
import type { Evaluation } from '@eval-factory/types';
import { handlebarsCompiler, type Handlebars } from './handlebars.js';
import { COMPILE_OPTIONS, precompiledSource } from './precompiled.js';
import { createTemplateEnvironment, missingField, sourceAt } from './template-helpers.js';
import { splitArgv } from './split-argv.js';

/**
 * Renders `template` with Handlebars (`strict`, `noEscape`) and the helpers `isSet`, `quote`, `eq`.
 * @throws UserError `EF_TEMPLATE` "Missing required configuration field: <path>" for an undefined variable.
 * @example renderCommand('ef-bench run --suite {{config.params.task}}', evaluation) // 'ef-bench run --suite pubmed_qa'
 */
export function renderCommand(template: string, evaluation: Evaluation): string {
  const hbs = createTemplateEnvironment(template);
  try {
    return hbs.template(compiled(template))(templateContext(evaluation));
  } catch (e) {
    throw templateError(e, template);
  }
}

/**
 * Renders the template and splits it into the argv of one engine invocation (no shell is ever involved). Every
 * string from the configuration enters the template as an opaque token that holds no space, quote or operator, so
 * the split sees only the template's own words; the values are put back into the words afterwards. A value such as
 * `model_id: 'm --output-path /x'` therefore stays inside the one argument its placeholder stands in.
 * @example renderArgv(template, evaluation) // ['ef-bench', 'run', '--run-entries', …]
 */
export function renderArgv(template: string, evaluation: Evaluation): string[] {
  const values: string[] = [];
  const context = tokenize(templateContext(evaluation), values);
  const plain = (text: string) => text.replace(TOKEN, (_m, index: string) => values[Number(index)]!);
  const hbs = createTemplateEnvironment(template, (value) => (typeof value === 'string' ? plain(value) : value));
  let rendered: string;
  try {
    rendered = hbs.template(compiled(template))(context);
  } catch (e) {
    throw templateError(e, template);
  }
  return argvOf(rendered).map(plain);
}

type TemplateSpecification = Parameters<Handlebars['template']>[0];

const specs = new Map<string, TemplateSpecification>();

/**
 * The template compiled once per process, or taken compiled from the build (precompiled.ts): a run renders its
 * command twice (the log line and the argv), each in its own helper environment, and a cold Handlebars compile of
 * framework.yml's command costs ~30–60 ms of start-up. The compiled form does not depend on the environment; its
 * helpers are looked up when it runs.
 */
function compiled(template: string): TemplateSpecification {
  let spec = specs.get(template);
  if (spec === undefined) {
    // What Handlebars.compile does, with the result kept: the precompiled source evaluated to its spec object.
    const source = precompiledSource(template) ?? handlebarsCompiler().precompile(template, { ...COMPILE_OPTIONS });
    spec = new Function(`return ${source}`)() as TemplateSpecification;
    specs.set(template, spec);
  }
  return spec;
}

/** Private-use code points: no YAML value a user writes for a model or a path contains them. */
const TOKEN = /\uE000(\d+)\uE001/g;

/** `value` with every string replaced by a token that indexes `values` (objects and lists copied). */
function tokenize(value: unknown, values: string[]): unknown {
  if (typeof value === 'string') return `\uE000${values.push(value) - 1}\uE001`;
  if (Array.isArray(value)) return value.map((v) => tokenize(v, values));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tokenize(v, values)]));
  }
  return value;
}

/** The argv of a rendered command (no shell); an empty command is the user's framework.yml, not a crash. */
export function argvOf(rendered: string): string[] {
  const argv = splitArgv(rendered);
  if (argv.length === 0) {
    throw new UserError(
      'EF_COMMAND_NOT_SINGLE',
      'The command template renders to an empty command',
      'Check the command in framework.yml.',
    );
  }
  return argv;
}

/**
 * The template's variables: the whole Evaluation, with `api_key` and `api_key_name` both set to the key's variable
 * NAME (docs/configuration.md), so templates written for either spelling work; null when there is no key.
 */
export function templateContext(evaluation: Evaluation): Record<string, unknown> {
  const endpoint = evaluation.target?.api_endpoint;
  if (endpoint === null || typeof endpoint !== 'object') return structuredClone({ ...evaluation });
  const name = endpoint.api_key_name ?? endpoint.api_key ?? null;
  const target = { ...evaluation.target, api_endpoint: { ...endpoint, api_key_name: name, api_key: name } };
  return structuredClone({ ...evaluation, target });
}

const NOT_DEFINED = /^"(.+)" not defined in /;

/** Maps Handlebars failures to user errors; our own UserErrors (from helpers) pass through. */
function templateError(e: unknown, template: string): Error {
  if (e instanceof UserError || !(e instanceof Error)) return e as Error;
  const missing = NOT_DEFINED.exec(e.message);
  if (missing) return missingField(lookupPath(e, template) ?? (missing[1] as string));
  return new UserError(
    'EF_TEMPLATE',
    `Invalid command template: ${oneLine(e.message)}`,
    'Fix the Handlebars syntax of the command in framework.yml.',
  );
}

/** Handlebars parse errors span lines (message, excerpt, caret, expectation); keep the first and the last. */
function oneLine(message: string): string {
  const lines = message.split('\n').filter((l) => l.trim() !== '');
  const text = lines.length > 1 ? `${lines[0]} ${lines[lines.length - 1]}` : (lines[0] ?? '');
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** Handlebars reports only the last path segment; the error's location gives the whole `config.params.x`. */
function lookupPath(e: Error, template: string): string | null {
  const { lineNumber, column, endLineNumber, endColumn } = e as Error & Partial<Record<string, number>>;
  if (lineNumber === undefined || column === undefined || endColumn === undefined) return null;
  const loc = { start: { line: lineNumber, column }, end: { line: endLineNumber ?? lineNumber, column: endColumn } };
  const text = sourceAt(template, loc).trim();
  return text === '' ? null : text;
}
