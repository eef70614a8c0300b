/**
 * Safe YAML reading for run configs and framework.yml: YAML 1.2 core schema (so `yes`/`no` stay strings), duplicate
 * keys rejected, alias expansion capped (a "billion laughs" file fails instead of eating memory), and errors reported
 * as `file:line:col: message` UserErrors.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { YAMLError } from 'yaml';
import { configError } from './codes.js';

let yamlModule: typeof import('yaml') | undefined;
/** The YAML parser, loaded on first use: `ls` reads framework.yml pre-parsed (framework-preparsed.ts) and needs none. */
function yaml(): typeof import('yaml') {
  yamlModule ??= createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return yamlModule;
}

/** Aliases a real config needs are few; anything above this is treated as an expansion attack. */
export const MAX_ALIAS_COUNT = 50;

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}

function yamlErrorAt(source: string, error: YAMLError): Error {
  const pos = error.linePos?.[0];
  const where = pos ? `${source}:${pos.line}:${pos.col}` : source;
  return configError('EF_YAML', `${where}: ${firstLine(error.message)}`);
}

/**
 * Parses YAML text; `source` names it in error messages (a file path or e.g. `--overrides`).
 * @example parseYamlText('a: 1', 'run.yml') // → { a: 1 }
 */
export function parseYamlText(text: string, source: string): unknown {
  const doc = yaml().parseDocument(text, { uniqueKeys: true, prettyErrors: true, version: '1.2', merge: false });
  if (doc.errors.length > 0) throw yamlErrorAt(source, doc.errors[0]!);
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    // toJS throws a plain ReferenceError on excessive aliases; keep it a user error with the file name.
    throw configError('EF_YAML', `${source}: ${firstLine(e instanceof Error ? e.message : String(e))}`);
  }
}

/**
 * Reads a YAML file's text. Missing file → `EF_FILE_NOT_FOUND`.
 * @example readYamlText('my_test.yml')
 */
export function readYamlText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw configError('EF_FILE_NOT_FOUND', `File not found: ${path}`);
    if (code === 'EISDIR') throw configError('EF_FILE_NOT_FOUND', `Expected a YAML file but found a folder: ${path}`);
    throw e;
  }
}

/**
 * Reads and parses a YAML file. Missing file → `EF_FILE_NOT_FOUND`; bad YAML → `EF_YAML` with `file:line:col`.
 * @example readYamlFile('my_test.yml')
 */
export function readYamlFile(path: string): unknown {
  return parseYamlText(readYamlText(path), path);
}
