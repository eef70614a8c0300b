/**
 * The command template's Handlebars syntax tree, parsed once per process: the unused-parameter check and the NeMo
 * translation both read it, and a cold parse of framework.yml's ~3 KB command costs ~15–30 ms of a run's start-up
 * (docs/performance.md, "Start-up"). Callers only read the tree.
 */
import { createRequire } from 'node:module';
import type * as HandlebarsNs from 'handlebars';

type Program = ReturnType<typeof HandlebarsNs.parse>;

const parsed = new Map<string, Program>();

/**
 * The syntax tree of `template` (Handlebars is loaded on first use: `ls` never parses a template).
 * @example commandAst('run {{config.params.task}}').body.length // 2
 */
export function commandAst(template: string): Program {
  let ast = parsed.get(template);
  if (ast === undefined) {
    const Handlebars = createRequire(import.meta.url)('handlebars') as typeof HandlebarsNs;
    ast = Handlebars.parse(template);
    parsed.set(template, ast);
  }
  return ast;
}
