/**
 * Prompt templates over a data row. Native definitions use Handlebars (strict, no HTML escaping); MedHELM prompt
 * files use Python's `str.format_map` with `{column}` fields (`{{`/`}}` are literal braces). Either way the fields
 * a template reads are known before any row is rendered, so a field the data lacks is reported by name.
 */
import { lazyRequire } from '../shared/lazy-require.js';
import { customError } from './errors.js';
import type { TemplateSource } from './spec.js';

export interface CompiledTemplate {
  /** Top-level fields the template reads, in first-use order. */
  readonly fields: readonly string[];
  /** Renders one row; `where` names the row in errors (e.g. `quiz.csv row 4`). */
  render(row: Readonly<Record<string, unknown>>, where: string): string;
}

type HandlebarsModule = typeof import('handlebars');
// Minimal AST shapes (the package's `hbs.AST` namespace is not exported as ESM types).
interface AstNode {
  readonly type: string;
}
interface PathNode extends AstNode {
  readonly data: boolean;
  readonly depth: number;
  readonly parts: readonly string[];
}
interface CallNode extends AstNode {
  readonly path: AstNode;
  readonly params: readonly AstNode[];
  readonly hash?: { readonly pairs: readonly { readonly value: AstNode }[] };
}
interface BlockNode extends CallNode {
  readonly program?: { readonly body: readonly AstNode[] };
  readonly inverse?: { readonly body: readonly AstNode[] };
}

/** Blocks whose body keeps the row as its context (so its fields are row fields too). */
const SAME_CONTEXT_BLOCKS = new Set(['if', 'unless']);

function pathField(node: AstNode): string | null {
  if (node.type !== 'PathExpression') return null;
  const path = node as PathNode;
  return path.data || path.depth > 0 || path.parts.length === 0 ? null : path.parts[0]!;
}

function collect(nodes: readonly AstNode[], out: Set<string>): void {
  for (const node of nodes) {
    const field = pathField(node);
    if (field !== null) out.add(field);
    if (node.type === 'MustacheStatement' || node.type === 'SubExpression' || node.type === 'BlockStatement') {
      const call = node as BlockNode;
      const isCall = call.params.length > 0 || (call.hash?.pairs.length ?? 0) > 0 || node.type === 'BlockStatement';
      if (!isCall) {
        const field = pathField(call.path);
        if (field !== null) out.add(field);
      }
      collect(call.params, out);
      collect(call.hash?.pairs.map((p) => p.value) ?? [], out);
      const helper = call.path.type === 'PathExpression' ? (call.path as PathNode).parts[0] : undefined;
      if (node.type === 'BlockStatement' && helper !== undefined && SAME_CONTEXT_BLOCKS.has(helper)) {
        collect(call.program?.body ?? [], out);
        collect(call.inverse?.body ?? [], out);
      }
    }
  }
}

function compileHandlebars(source: TemplateSource, file: string): CompiledTemplate {
  const handlebars = lazyRequire<HandlebarsModule>('handlebars').create();
  let ast: { body: readonly AstNode[] };
  try {
    ast = handlebars.parse(source.text) as unknown as { body: readonly AstNode[] };
  } catch (error) {
    throw customError(
      'EF_CUSTOM_TEMPLATE',
      file,
      `${source.origin}: not a valid Handlebars template: ${(error as Error).message.split('\n').join(' ')}`,
    );
  }
  const fields = new Set<string>();
  collect(ast.body, fields);
  const template = handlebars.compile(source.text, { strict: true, noEscape: true });
  return {
    fields: [...fields],
    render(row, where) {
      try {
        return template(row);
      } catch (error) {
        throw customError(
          'EF_CUSTOM_TEMPLATE',
          file,
          `${source.origin} on ${where}: ${(error as Error).message.split('\n')[0]}`,
        );
      }
    },
  };
}

type PythonPart = { readonly literal: string } | { readonly field: string };

/** Python `string.Formatter.parse` for the subset MedHELM prompts use: `{name}` and `{name!s}`. */
export function parsePythonFormat(text: string, fail: (what: string) => never): PythonPart[] {
  const parts: PythonPart[] = [];
  let literal = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '}') {
      if (text[i + 1] !== '}') fail(`single '}' at character ${i} (write '}}' for a literal brace)`);
      literal += '}';
      i++;
    } else if (ch !== '{') literal += ch;
    else if (text[i + 1] === '{') {
      literal += '{';
      i++;
    } else {
      const end = text.indexOf('}', i);
      if (end < 0) fail(`single '{' at character ${i} (write '{{' for a literal brace)`);
      const body = text.slice(i + 1, end);
      const match = /^([^!:{}]*)(?:!s)?$/.exec(body);
      if (!match || match[1] === '' || /[.[\]]/.test(match[1]!)) {
        fail(
          `unsupported placeholder {${body}} at character ${i}: use {column} (write '{{' and '}}' for literal braces)`,
        );
      }
      if (literal) parts.push({ literal });
      literal = '';
      parts.push({ field: match![1]! });
      i = end;
    }
  }
  if (literal) parts.push({ literal });
  return parts;
}

function compilePython(source: TemplateSource, file: string): CompiledTemplate {
  const fail = (what: string): never => {
    throw customError('EF_CUSTOM_TEMPLATE', file, `${source.origin}: ${what}`);
  };
  const parts = parsePythonFormat(source.text, fail);
  const fields = [...new Set(parts.flatMap((p) => ('field' in p ? [p.field] : [])))];
  return {
    fields,
    render(row, where) {
      let out = '';
      for (const part of parts) {
        if ('literal' in part) out += part.literal;
        else {
          if (!Object.hasOwn(row, part.field)) fail(`field {${part.field}} is not in the data (${where})`);
          out += String(row[part.field]);
        }
      }
      return out;
    },
  };
}

/**
 * Compiles a prompt (or rubric) template; syntax errors are `EF_CUSTOM_TEMPLATE` naming where the text came from.
 * @example compileTemplate({ engine: 'handlebars', text: 'Q: {{question}}', origin: 'prompt.template' }, f).fields // ['question']
 */
export function compileTemplate(source: TemplateSource, file: string): CompiledTemplate {
  return source.engine === 'handlebars' ? compileHandlebars(source, file) : compilePython(source, file);
}

/**
 * Checks a template's fields against the columns the data has; the first missing one is an error naming it.
 * @example checkFields(template, ['question', 'answer'], f, 'quiz.csv header')
 */
export function checkFields(
  template: CompiledTemplate,
  columns: readonly string[],
  origin: string,
  file: string,
  where: string,
): void {
  const missing = template.fields.filter((f) => !columns.includes(f));
  if (missing.length > 0) {
    throw customError(
      'EF_CUSTOM_TEMPLATE',
      file,
      `${origin} uses ${missing.map((m) => `"${m}"`).join(', ')}, which ${where} does not have (columns: ${columns.join(', ')})`,
    );
  }
}
