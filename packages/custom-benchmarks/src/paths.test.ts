import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUIZ_CSV, QUIZ_YML, caught } from '../test-support/custom-test-support.js';
import { loadCustomBenchmark } from './definition.js';

/**
 * Every file a definition names must lie inside the definition's folder once symlinks are resolved: a
 * shared definition must not read `/etc/shadow` or the credentials file and send it to the model.
 */
const SECRET = 'SENTINEL-NOT-FOR-THE-MODEL';
const MEDHELM = (prompt: string, dataset: string): string =>
  `name: TOY\ndescription: d\nprompt_file: ${prompt}\ndataset_file: ${dataset}\nmax_tokens: 1\nmetrics:\n  - name: exact_match\n`;
const MEDHELM_CSV = 'q,correct_answer,incorrect_answers\n"Q1?","Yes","[""No""]"\n';

type Layout = { files: Record<string, string>; links?: Record<string, string> };

/** A temp tree: `outside/secret.txt` and `def/` holding the files `build(root)` lists (names may contain `/`). */
function tree(build: (root: string) => Layout): string {
  const root = mkdtempSync(join(tmpdir(), 'ef-paths-'));
  const { files, links = {} } = build(root);
  mkdirSync(join(root, 'outside'));
  writeFileSync(join(root, 'outside', 'secret.txt'), SECRET);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(root, 'def', name, '..'), { recursive: true });
    writeFileSync(join(root, 'def', name), content);
  }
  for (const [name, target] of Object.entries(links))
    symlinkSync(target.replace('<root>', root), join(root, 'def', name));
  return join(root, 'def');
}

const quizWithTemplate = (file: string): string =>
  QUIZ_YML.replace('template: "{{question}}"', `template_file: ${file}`);

const OUTSIDE: readonly [string, (root: string) => Layout, string][] = [
  [
    'an absolute template_file',
    (root) => ({ files: { 'def.yml': quizWithTemplate(join(root, 'outside', 'secret.txt')), 'quiz.csv': QUIZ_CSV } }),
    'prompt.template_file',
  ],
  [
    'a template_file with ..',
    () => ({ files: { 'def.yml': quizWithTemplate('../outside/secret.txt'), 'quiz.csv': QUIZ_CSV } }),
    'prompt.template_file',
  ],
  [
    'a template_file that is a symlink to a file outside',
    () => ({
      files: { 'def.yml': quizWithTemplate('t.hbs'), 'quiz.csv': QUIZ_CSV },
      links: { 't.hbs': '<root>/outside/secret.txt' },
    }),
    'prompt.template_file',
  ],
  [
    'a data path outside',
    () => ({ files: { 'def.yml': QUIZ_YML.replace('path: quiz.csv', 'path: ../outside/secret.txt\n  format: csv') } }),
    'data.path',
  ],
  [
    'a MedHELM prompt_file outside',
    () => ({ files: { 'def.yml': MEDHELM('../outside/secret.txt', 'd.csv'), 'd.csv': MEDHELM_CSV } }),
    'prompt_file',
  ],
  [
    'a MedHELM dataset_file outside',
    (root) => ({ files: { 'def.yml': MEDHELM('p.txt', join(root, 'outside', 'secret.txt')), 'p.txt': 'Q: {q}' } }),
    'dataset_file',
  ],
];

describe('files a definition names stay inside its folder', () => {
  it.each(OUTSIDE)('%s → EF_PATH_OUTSIDE, the file is never read', async (_, build, field) => {
    const dir = tree(build);
    const error = await caught(() => loadCustomBenchmark(join(dir, 'def.yml')));
    expect(error?.code).toBe('EF_PATH_OUTSIDE');
    expect(error?.message).toContain(field);
    expect(error?.message).not.toContain(SECRET);
  });

  it('files in sub-folders and symlinks that stay inside the folder still work', () => {
    const dir = tree(() => ({
      files: {
        'def.yml': quizWithTemplate('prompts/t.hbs').replace('path: quiz.csv', 'path: data/quiz.csv'),
        'prompts/real.hbs': '{{question}}',
        'data/quiz.csv': QUIZ_CSV,
      },
      links: { 'prompts/t.hbs': 'real.hbs' },
    }));
    expect(loadCustomBenchmark(join(dir, 'def.yml')).name).toBe('toy_quiz');
  });
});
