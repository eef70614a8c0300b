/**
 * framework.yml as the build parsed it: `ls` and every run read framework.yml, and its YAML parse (cold, at
 * start-up) cost ~20–30 ms of each (docs/performance.md, "Start-up"). `npm run build` writes the parsed
 * value with the exact text it came from (scripts/bundle.mjs); it is used only for that same text, so an edited or
 * another framework.yml is parsed as before and a stale file can never be read.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

/** Same place from src/ and dist/ (both one level below the package). */
export const PREPARSED_FRAMEWORK_URL = new URL('../dist/framework.parsed.json', import.meta.url);

interface Preparsed {
  readonly text: string;
  readonly value: unknown;
}

/**
 * The parsed value of `text` when the build parsed exactly this text, else undefined.
 * @example preparsedFramework(readFileSync('framework.yml', 'utf8')) ?? parseYamlText(text, 'framework.yml')
 */
export function preparsedFramework(text: string, file: URL = PREPARSED_FRAMEWORK_URL): unknown {
  let saved: Preparsed;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as Preparsed;
  } catch {
    return undefined; // not built yet, or unreadable: parse the YAML
  }
  return saved !== null && typeof saved === 'object' && saved.text === text ? saved.value : undefined;
}

/**
 * The file's content for `text` parsed to `value`, or null when JSON cannot carry `value` exactly (e.g. `.inf`).
 * @example preparsedFrameworkJson(text, parseYamlText(text, 'framework.yml'))
 */
export function preparsedFrameworkJson(text: string, value: unknown): string | null {
  const json = JSON.stringify({ text, value });
  return isDeepStrictEqual((JSON.parse(json) as Preparsed).value, value) ? json : null;
}
