/**
 * The framework.yml command template in NeMo Evaluator's template language (Jinja2), for the run_config.yml a run
 * writes: NeMo's `Evaluation.render_command` renders `command` with Jinja2 (StrictUndefined), where our Handlebars
 * blocks are a syntax error. The subset our template uses translates one to one; anything else is reported, not
 * guessed (docs/configuration.md#compatibility).
 */
import { commandAst } from './command-ast.js';

type Node = { type: string; [key: string]: unknown };
type Path = { type: 'PathExpression'; original: string; parts: string[]; data: boolean; depth: number; this?: boolean };

export interface NemoCommand {
  /** The Jinja2 template, or null when the template uses a feature NeMo cannot render (`unsupported`). */
  readonly command: string | null;
  /** One entry per feature Jinja2 cannot render the same way, e.g. `{{#each}}`, `{{lookup …}}`. */
  readonly unsupported: readonly string[];
}

/** Names a Jinja2 `a.b` would resolve to a dict method instead of the key; those segments are written `a['b']`. */
const DICT_ATTRIBUTES = new Set([
  'items',
  'keys',
  'values',
  'get',
  'pop',
  'update',
  'copy',
  'clear',
  'setdefault',
  'popitem',
  'fromkeys',
]);

class Unsupported extends Error {}

function jinjaPath(p: Path): string {
  if (p.data || p.depth > 0 || p.this || p.parts.length === 0 || !/^[A-Za-z_]\w*$/.test(p.parts[0]!))
    throw new Unsupported(`{{${p.original}}}`);
  return p.parts
    .map((part, i) => {
      if (i === 0) return part;
      return /^[A-Za-z_]\w*$/.test(part) && !DICT_ATTRIBUTES.has(part) ? `.${part}` : `[${JSON.stringify(part)}]`;
    })
    .join('');
}

function literal(n: Node): string {
  switch (n.type) {
    case 'PathExpression':
      return jinjaPath(n as unknown as Path);
    case 'StringLiteral':
      return JSON.stringify(n.value);
    case 'NumberLiteral':
      return String(n.value);
    case 'BooleanLiteral':
      return n.value ? 'true' : 'false';
    case 'NullLiteral':
    case 'UndefinedLiteral':
      return 'none';
    default:
      throw new Unsupported(`a ${n.type} argument`);
  }
}

/** A block condition: `x`, `(isSet x)` or `(eq a b)`. An absent key is unset, as our merged config makes it null. */
function condition(n: Node): string {
  if (n.type === 'PathExpression') {
    const p = jinjaPath(n as unknown as Path);
    return `(${p} is defined and ${p})`;
  }
  if (n.type === 'SubExpression') {
    const helper = (n.path as Path).original;
    const params = n.params as Node[];
    if (helper === 'isSet' && params.length === 1) {
      const p = literal(params[0]!);
      return `(${p} is defined and ${p} is not none)`;
    }
    if (helper === 'eq' && params.length === 2) return `(${literal(params[0]!)} == ${literal(params[1]!)})`;
    throw new Unsupported(`(${helper} …)`);
  }
  throw new Unsupported(`{{#if}} on a ${n.type}`);
}

/** Text between tags: Jinja2 would read `{{`, `{%` and `{#` in it as tags, so they are written as string literals. */
const text = (value: string) => value.replace(/\{[{%#]/g, (m) => `{{ '${m}' }}`);

function statements(body: readonly Node[]): string {
  return body.map(statement).join('');
}

function statement(n: Node): string {
  switch (n.type) {
    case 'ContentStatement':
      return text(n.value as string);
    case 'CommentStatement':
      return '';
    case 'MustacheStatement': {
      const path = n.path as Node;
      const params = n.params as Node[];
      if (n.hash || path.type !== 'PathExpression') throw new Unsupported('a mustache with hash arguments');
      if (params.length === 0) return `{{${jinjaPath(path as unknown as Path)}}}`;
      // `quote` = POSIX single-quoting (executor's shell-quote.ts): '…' with each ' written as '\''.
      if ((path as unknown as Path).original === 'quote' && params.length === 1)
        return `'{{${literal(params[0]!)} | string | replace("'", "'\\\\''")}}'`;
      throw new Unsupported(`{{${(path as unknown as Path).original} …}}`);
    }
    case 'BlockStatement': {
      const name = (n.path as Path).original;
      const params = n.params as Node[];
      if ((name !== 'if' && name !== 'unless') || params.length !== 1 || n.hash) throw new Unsupported(`{{#${name}}}`);
      const test = name === 'if' ? condition(params[0]!) : `not ${condition(params[0]!)}`;
      const then = statements(((n.program as Node | null)?.body as Node[]) ?? []);
      const inverse = n.inverse ? `{% else %}${statements((n.inverse as Node).body as Node[])}` : '';
      return `{% if ${test} %}${then}${inverse}{% endif %}`;
    }
    default:
      throw new Unsupported(
        n.type === 'PartialStatement' || n.type === 'PartialBlockStatement' ? '{{> partial}}' : n.type,
      );
  }
}

/**
 * Translates `template` (our Handlebars command) to the Jinja2 template NeMo renders to the same command.
 * @example nemoCommandOf('run {{#if (isSet config.params.limit_samples)}}-n {{config.params.limit_samples}}{{/if}}').command
 *   // 'run {% if (config.params.limit_samples is defined and config.params.limit_samples is not none) %}-n {{config.params.limit_samples}}{% endif %}'
 */
export function nemoCommandOf(template: string): NemoCommand {
  try {
    return { command: statements(commandAst(template).body as unknown as Node[]), unsupported: [] };
  } catch (error) {
    if (error instanceof Unsupported) return { command: null, unsupported: [error.message] };
    throw error;
  }
}

/**
 * A run_config.yml a run wrote carries the framework's command in NeMo's spelling; read back (a re-run, a resume),
 * that command is the framework's own, so the Handlebars original applies. Any other `command` is kept.
 */
export function withoutNemoSpelling<T extends Record<string, unknown>>(layer: T, frameworkCommand: unknown): T {
  const command = layer.command;
  if (typeof command !== 'string' || typeof frameworkCommand !== 'string' || command === frameworkCommand) return layer;
  if (nemoCommandOf(frameworkCommand).command !== command) return layer;
  const { command: _nemo, ...rest } = layer;
  return rest as T;
}
