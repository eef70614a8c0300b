/**
 * Handlebars in its two parts. The runtime runs compiled templates: every run renders its command with it. The
 * compiler (with its parser and source-map library, ~240 KB of code) is loaded on first use only: framework.yml's
 * commands are compiled at build time (precompiled.ts), so a run needs it only for a command the build did not see.
 * Both are loaded through `createRequire(import.meta.url)(…)`, which the bundle turns into a bundled `require` that
 * still runs on first use (scripts/bundle.mjs).
 */
import { createRequire } from 'node:module';
import type * as HandlebarsNs from 'handlebars';

export type Handlebars = typeof HandlebarsNs;

/** `Handlebars.create()`, `template()` and the built-in helpers, without the compiler. */
export const handlebarsRuntime = createRequire(import.meta.url)('handlebars/runtime') as Handlebars;

/** The whole of Handlebars (`precompile`, `compile`, `parse`), loaded on the first call. */
export function handlebarsCompiler(): Handlebars {
  return createRequire(import.meta.url)('handlebars') as Handlebars;
}
