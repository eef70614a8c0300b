import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * Loads a heavy parser (XML, zip, tokenizer ranks, SQLite) on first use. Every benchmark is registered at start-up,
 * so a top-level import would make `ef-bench` load every benchmark's parsers for any run (docs/architecture.md).
 * @example const { XMLParser } = lazyRequire<typeof import('fast-xml-parser')>('fast-xml-parser');
 */
export function lazyRequire<T>(specifier: string): T {
  return requireHere(specifier) as T;
}
