/**
 * model_deployments.yaml handed to the engine parsed (parsed-model-configs.ts): a file the factory cannot hand over
 * exactly is not handed over at all, so the engine reads it and reports it as it always did (EF_MODEL_CONFIGS).
 */
import { describe, expect, it } from '@jest/globals';
import type { RenderedModelConfigs } from '@eval-factory/model-configs';
import { MODEL_CONFIG_FILES } from '@eval-factory/types';
import { parsedForEngine } from './parsed-model-configs.js';

const configs = (text: string) =>
  ({ files: { [MODEL_CONFIG_FILES.deployments]: text } }) as unknown as RenderedModelConfigs;

describe('model_deployments.yaml parsed for the engine', () => {
  it('is handed over with the text it came from', () => {
    const [file] = parsedForEngine('out', configs('a: 1\n'));
    expect(file).toMatchObject({ text: 'a: 1\n', value: { a: 1 } });
    expect(file.file).toMatch(/model_deployments\.yaml$/);
  });

  it.each([
    ['a: [1\n', 'YAML that does not parse'],
    ['a: 1\na: 2\n', 'a duplicate key'],
    ['a: 2001-12-14\nb: !!binary aGk=\n', 'values JSON cannot carry'],
  ])('%j is not handed over (%s): the engine reads and reports it', (text) => {
    expect(parsedForEngine('out', configs(text))).toEqual([]);
  });
});
