import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { PromptSpec } from '@eval-factory/types';
import { UserError } from '@eval-factory/errors';
import { benchmarkNames } from '@eval-factory/benchmarks';

const KEYS = ['instructions', 'input_noun', 'output_noun'] as const;

/**
 * Applies a `--prompt-texts` YAML file (docs/architecture.md): `{<benchmark>: {instructions?, input_noun?, output_noun?}}`.
 * Unknown benchmarks or keys are errors, so a typo never silently falls back to the project's wording.
 */
export function applyPromptTexts(spec: PromptSpec, benchmark: string, file: string | null): PromptSpec {
  if (!file) return spec;
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UserError(
      'EF_PROMPT_TEXTS',
      `cannot read prompt texts ${file}: ${(error as Error).message}`,
      'extra.prompt_texts must name a readable YAML file',
    );
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw new UserError(
      'EF_PROMPT_TEXTS',
      `${file}: expected a mapping of benchmark names`,
      'write {<benchmark>: {instructions, input_noun, output_noun}}',
    );
  const names = benchmarkNames();
  for (const [name, entry] of Object.entries(doc)) {
    if (!names.includes(name))
      throw new UserError('EF_PROMPT_TEXTS', `${file}: unknown benchmark '${name}'`, `known: ${names.join(', ')}`);
    for (const key of Object.keys(entry ?? {})) {
      if (!(KEYS as readonly string[]).includes(key))
        throw new UserError(
          'EF_PROMPT_TEXTS',
          `${file}: ${name}.${key} is not a prompt text key`,
          `valid keys: ${KEYS.join(', ')}`,
        );
    }
  }
  const entry = (doc as Record<string, Record<string, string | null>>)[benchmark] ?? {};
  return { ...spec, ...Object.fromEntries(KEYS.filter((k) => k in entry).map((k) => [k, entry[k]])) } as PromptSpec;
}
