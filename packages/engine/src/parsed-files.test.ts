import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { readDeploymentsYaml, useParsedFiles } from './parsed-files.js';

describe('readDeploymentsYaml', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ef-parsed-files-'));
  const file = join(dir, 'model_deployments.yaml');
  afterEach(() => useParsedFiles([]));

  it("takes the factory's parse while the file holds exactly the text it parsed, by any spelling of its path", () => {
    writeFileSync(file, 'a: 1\n');
    // A value the text would not parse to: it shows which one was taken.
    useParsedFiles([{ file, text: 'a: 1\n', value: { handed: true } }]);
    expect(readDeploymentsYaml(file)).toEqual({ handed: true });
    expect(readDeploymentsYaml(relative(process.cwd(), file))).toEqual({ handed: true });
  });

  it('parses the file itself when it holds another text, or nothing was handed for it', () => {
    writeFileSync(file, 'a: 2\n');
    useParsedFiles([{ file, text: 'a: 1\n', value: { handed: true } }]);
    expect(readDeploymentsYaml(file)).toEqual({ a: 2 });
    useParsedFiles([{ file: join(dir, 'other.yaml'), text: 'a: 2\n', value: { handed: true } }]);
    expect(readDeploymentsYaml(file)).toEqual({ a: 2 });
    useParsedFiles([]);
    expect(readDeploymentsYaml(file)).toEqual({ a: 2 });
  });
});
