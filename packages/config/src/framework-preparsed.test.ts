import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultFrameworkPath, loadFramework } from './framework.js';
import { preparsedFramework, preparsedFrameworkJson } from './framework-preparsed.js';
import { loadPreparsedFramework } from './framework-definition.js';
import { parseYamlText } from './read-yaml.js';

function withFile<T>(content: string | null, fn: (url: URL) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'ef-preparsed-'));
  try {
    const file = join(dir, 'framework.parsed.json');
    if (content !== null) writeFileSync(file, content);
    return fn(pathToFileURL(file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('pre-parsed framework.yml', () => {
  const text = readFileSync(defaultFrameworkPath(), 'utf8');
  const value = parseYamlText(text, 'framework.yml');

  it('gives the value for exactly the text it was parsed from', () => {
    const json = preparsedFrameworkJson(text, value)!;
    withFile(json, (url) => {
      expect(preparsedFramework(text, url)).toEqual(value);
      expect(preparsedFramework(`${text}\n# edited`, url)).toBeUndefined();
    });
  });

  it('is not used when missing or unreadable', () => {
    withFile(null, (url) => expect(preparsedFramework(text, url)).toBeUndefined());
    withFile('{not json', (url) => expect(preparsedFramework(text, url)).toBeUndefined());
    withFile('null', (url) => expect(preparsedFramework(text, url)).toBeUndefined());
  });

  it('is not written for a value JSON would change (.inf becomes null)', () => {
    expect(preparsedFrameworkJson('a: .inf', parseYamlText('a: .inf', 'x.yml'))).toBeNull();
  });

  it('loads the same framework as parsing the YAML', () => {
    expect(loadFramework().evaluations.map((t) => t.type)).toEqual(
      (value as { evaluations: { defaults: { config: { type: string } } }[] }).evaluations.map(
        (e) => e.defaults.config.type,
      ),
    );
  });
});

describe('loadPreparsedFramework (what `ls` reads without the YAML parser or the schema)', () => {
  it('is the framework loadFramework gives, for the framework.yml the build parsed', () => {
    const path = defaultFrameworkPath();
    // After `npm run build` (which the integration tests run first) the file is there; a bare checkout has none.
    const fast = loadPreparsedFramework(path);
    if (fast) expect(fast).toEqual(loadFramework(path));
  });

  it('is null for a framework.yml other than the one the build parsed, and for a missing file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-preparsed-'));
    try {
      const edited = join(dir, 'framework.yml');
      writeFileSync(edited, `${readFileSync(defaultFrameworkPath(), 'utf8')}\n# edited\n`);
      expect(loadPreparsedFramework(edited)).toBeNull();
      expect(loadFramework(edited).evaluations.length).toBeGreaterThan(10);
      expect(loadPreparsedFramework(join(dir, 'missing.yml'))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
