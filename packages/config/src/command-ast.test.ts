import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Handlebars from 'handlebars';
import { commandAst, commandAstsJson } from './command-ast.js';

const TEMPLATE =
  'ef-bench run {{config.params.task}}{{#if (isSet config.params.limit_samples)}} -n {{config.params.limit_samples}}{{/if}}';

// One folder for the test's files, each a table the build could have written (or none, or a damaged one).
const dir = mkdtempSync(join(tmpdir(), 'ef-command-asts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** A file with `content` (none when null), as a URL, passed to `fn`. */
function withFile<T>(content: string | null, fn: (url: URL) => T): T {
  const file = join(dir, `${++files}-command-asts.json`);
  if (content !== null) writeFileSync(file, content);
  return fn(pathToFileURL(file));
}

describe('command templates parsed at build time', () => {
  it('gives the tree a run-time parse gives, for the same text only', () => {
    withFile(commandAstsJson([TEMPLATE]), (url) => {
      const saved = JSON.parse(readFileSync(new URL(url), 'utf8'))[TEMPLATE];
      expect(commandAst(TEMPLATE, url)).toEqual(saved);
      expect(JSON.parse(JSON.stringify(Handlebars.parse(TEMPLATE)))).toEqual(saved);
      // Another text is parsed, not taken from the file.
      expect(commandAst(`${TEMPLATE} `, url).body).toHaveLength(saved.body.length + 1);
    });
  });

  it('is what the run reads: a tree in the file is used without parsing the template', () => {
    // A tree that differs from the template's own parse shows the file is read (the build writes the true tree).
    const other = JSON.parse(JSON.stringify(Handlebars.parse('{{config.params.other}}')));
    withFile(JSON.stringify({ [TEMPLATE]: other }), (url) => {
      expect(commandAst(TEMPLATE, url)).toEqual(other);
    });
  });

  it('is not used when missing, unreadable or not a tree', () => {
    const own = JSON.parse(JSON.stringify(Handlebars.parse(TEMPLATE)));
    const parsedWith = (content: string | null) =>
      withFile(content, (url) => JSON.parse(JSON.stringify(commandAst(TEMPLATE, url))));
    expect(parsedWith(null)).toEqual(own);
    expect(parsedWith('{not json')).toEqual(own);
    expect(parsedWith(JSON.stringify({ [TEMPLATE]: { type: 'Nope' } }))).toEqual(own);
    expect(parsedWith(JSON.stringify({ [TEMPLATE]: 'text' }))).toEqual(own);
  });
});
