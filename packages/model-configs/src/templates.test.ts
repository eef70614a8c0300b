import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  JUDGES_TEMPLATE,
  MODEL_DEPLOYMENTS_TEMPLATE,
  MODEL_METADATA_TEMPLATE,
  precompiledTemplatesJson,
  renderYamlTemplate,
} from './templates.js';

// One folder for the test's files, each a table the build could have written (or none, or a damaged one).
const dir = mkdtempSync(join(tmpdir(), 'ef-yaml-templates-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** A file with `content` (none when null), as a URL, passed to `fn`. */
function withFile<T>(content: string | null, fn: (url: URL) => T): T {
  const file = join(dir, `${++files}-templates.precompiled.json`);
  if (content !== null) writeFileSync(file, content);
  return fn(pathToFileURL(file));
}

const models = {
  models: [
    {
      name: 'm:1',
      display_name: 'M "one"',
      description: 'd',
      creator_organization_name: 'o',
      access: 'open',
      release_date: null,
      tags: ['TEXT'],
    },
  ],
};
const missing = withFile(null, (url) => url);

describe('model-config templates compiled at build time', () => {
  it('render exactly as a run-time compile, for the same text only', () => {
    withFile(precompiledTemplatesJson(), (url) => {
      expect(renderYamlTemplate(MODEL_METADATA_TEMPLATE, models, url)).toBe(
        renderYamlTemplate(MODEL_METADATA_TEMPLATE, models, missing),
      );
      expect(renderYamlTemplate(JUDGES_TEMPLATE, { judges: [] }, url)).toBe(
        renderYamlTemplate(JUDGES_TEMPLATE, { judges: [] }, missing),
      );
    });
  });

  it('are what a render uses: the build’s compiled form of the text is taken without compiling the text', () => {
    // A table that maps the metadata template to another one's compiled form shows the file is read.
    const other = JSON.parse(precompiledTemplatesJson(['{{yaml marker}}']))['{{yaml marker}}'];
    withFile(JSON.stringify({ [MODEL_METADATA_TEMPLATE]: other }), (url) => {
      expect(renderYamlTemplate(MODEL_METADATA_TEMPLATE, { marker: 'from the build' }, url)).toBe('"from the build"');
    });
  });

  it('fail as a run-time compile does on bad data, and are compiled at run time when the file is missing, unreadable or not a string', () => {
    const bad = { deployments: [{}] };
    const atRunTime = (() => {
      try {
        return renderYamlTemplate(MODEL_DEPLOYMENTS_TEMPLATE, bad, missing);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    withFile(precompiledTemplatesJson(), (url) => {
      expect(() => renderYamlTemplate(MODEL_DEPLOYMENTS_TEMPLATE, bad, url)).toThrow(atRunTime);
    });
    const expected = renderYamlTemplate(MODEL_METADATA_TEMPLATE, models, missing);
    for (const content of ['{not json', JSON.stringify({ [MODEL_METADATA_TEMPLATE]: 42 })])
      withFile(content, (url) => expect(renderYamlTemplate(MODEL_METADATA_TEMPLATE, models, url)).toBe(expected));
  });
});
