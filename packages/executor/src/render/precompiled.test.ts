import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Handlebars from 'handlebars';
import { COMPILE_OPTIONS, precompiledCommandsJson, precompiledSource } from './precompiled.js';

const TEMPLATE = 'ef-bench run --suite {{config.task}}{{#if (isSet config.n)}} -n {{config.n}}{{/if}}';

function withFile<T>(content: string | null, fn: (url: URL) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'ef-precompiled-'));
  try {
    const file = join(dir, 'command-templates.json');
    if (content !== null) writeFileSync(file, content);
    return fn(pathToFileURL(file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Renders with a spec evaluated from precompiled source, in an environment with the `isSet` helper. */
function renderFrom(source: string, context: object): string {
  const hbs = Handlebars.create();
  hbs.registerHelper('isSet', (v: unknown) => v !== null && v !== undefined);
  return hbs.template(new Function(`return ${source}`)())(context);
}

describe('command templates compiled at build time', () => {
  it('renders exactly as a run-time compile, for the same text only', () => {
    withFile(precompiledCommandsJson([TEMPLATE]), (url) => {
      const source = precompiledSource(TEMPLATE, url)!;
      expect(typeof source).toBe('string');
      const hbs = Handlebars.create();
      hbs.registerHelper('isSet', (v: unknown) => v !== null && v !== undefined);
      for (const context of [{ config: { task: 'pubmed_qa', n: 4 } }, { config: { task: 'head_qa', n: null } }])
        expect(renderFrom(source, context)).toBe(hbs.compile(TEMPLATE, { ...COMPILE_OPTIONS })(context));
      expect(precompiledSource(`${TEMPLATE} `, url)).toBeUndefined();
    });
  });

  it('keeps strict mode: a missing field still fails', () => {
    withFile(precompiledCommandsJson([TEMPLATE]), (url) => {
      expect(() => renderFrom(precompiledSource(TEMPLATE, url)!, { config: {} })).toThrow(/"task" not defined/);
    });
  });

  it('is not used when missing, unreadable or not a table of strings', () => {
    withFile(null, (url) => expect(precompiledSource(TEMPLATE, url)).toBeUndefined());
    withFile('{not json', (url) => expect(precompiledSource(TEMPLATE, url)).toBeUndefined());
    withFile(JSON.stringify({ [TEMPLATE]: 42 }), (url) => expect(precompiledSource(TEMPLATE, url)).toBeUndefined());
    withFile('{}', (url) => expect(precompiledSource('toString', url)).toBeUndefined());
  });
});
