import { createRequire } from 'node:module';

/**
 * A loader for heavy parsers (XML, zip, tokenizer ranks, SQLite), used on first use. Every benchmark is registered
 * at start-up, so a top-level import would make `ef-bench` load every benchmark's parsers for any run
 * (docs/architecture.md). Modules resolve from the calling module (`import.meta.url`), so each package finds the
 * dependencies it declares.
 * @example const lazyRequire = lazyLoader(import.meta.url); const { XMLParser } = lazyRequire<typeof import('fast-xml-parser')>('fast-xml-parser');
 */
export function lazyLoader(parentUrl: string): <T>(specifier: string) => T {
  const require = createRequire(parentUrl);
  return <T>(specifier: string): T => require(specifier) as T;
}
