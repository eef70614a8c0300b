import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolve, runConfig, thrown } from '../test-support.js';
import { scanBenchmarksDir } from './benchmarks-dir.js';

// Self-written definition headers: the factory reads only `name` / `description`; the engine checks the rest.
const root = mkdtempSync(join(tmpdir(), 'ef-custom-res-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const rcDir = join(root, 'configs');
const benchDir = join(root, 'benchmarks');
const otherDir = join(root, 'other');
for (const d of [rcDir, benchDir, otherDir]) mkdirSync(d);
const write = (path: string, text: string) => (writeFileSync(path, text), path);
const quiz = write(join(rcDir, 'quiz.yml'), 'name: clinical_quiz\ndescription: A quiz\ndata: {path: quiz.csv}\n');
const notes = write(join(benchDir, 'notes.yaml'), 'name: note_summary\ndescription: Summaries\n');
const dotted = write(join(benchDir, 'dotted.yml'), 'name: v1.2-quiz\n');
const shadow = write(join(otherDir, 'shadow.yml'), 'name: pubmed_qa\n');
const unnamed = write(join(otherDir, 'unnamed.yml'), 'description: no name\n');
const twinA = write(join(otherDir, 'a.yml'), 'name: twin\n');
write(join(otherDir, 'b.yml'), 'name: twin\n');
const registry = scanBenchmarksDir(benchDir, ['pubmed_qa']).benchmarks;

/** resolve() with the run_config living in `rcDir` and the working directory `root`. */
function run(
  config: object,
  more: { overrides?: string[]; eval_type?: string; customBenchmarks?: typeof registry } = {},
) {
  return resolve({
    runConfig: runConfig({ config }),
    runConfigDir: rcDir,
    cwd: root,
    overrides: more.overrides,
    flags: more.eval_type ? { eval_type: more.eval_type } : undefined,
    customBenchmarks: more.customBenchmarks ?? registry,
  });
}

describe('config.type resolution for custom benchmarks', () => {
  it.each<[string, object, { overrides?: string[]; eval_type?: string }, string, string]>([
    ['a path in the run_config, relative to its folder', { type: 'quiz.yml' }, {}, 'clinical_quiz', quiz],
    ['an absolute path', { type: quiz }, {}, 'clinical_quiz', quiz],
    [
      'custom + extra.benchmark relative to the run_config',
      { type: 'custom', params: { extra: { benchmark: 'quiz.yml' } } },
      {},
      'clinical_quiz',
      quiz,
    ],
    [
      'helm.custom + extra.benchmark',
      { type: 'helm.custom', params: { extra: { benchmark: quiz } } },
      {},
      'clinical_quiz',
      quiz,
    ],
    ['a name in the benchmarks folder', { type: 'note_summary' }, {}, 'note_summary', notes],
    ['helm.<name in the benchmarks folder>', { type: 'helm.note_summary' }, {}, 'note_summary', notes],
    [
      'the definition name + extra.benchmark (the written run_config.yml resolves again)',
      { type: 'clinical_quiz', params: { extra: { benchmark: quiz } } },
      {},
      'clinical_quiz',
      quiz,
    ],
    [
      'a name with a dot keeps config.type custom',
      { type: 'custom', params: { extra: { benchmark: dotted } } },
      {},
      'custom',
      dotted,
    ],
    ['a definition named like a built-in keeps config.type custom', { type: shadow }, {}, 'custom', shadow],
    ['a definition without a name is named by its file', { type: unnamed }, {}, 'custom', unnamed],
    [
      '--eval_type path relative to the working directory',
      { type: 'pubmed_qa' },
      { eval_type: 'configs/quiz.yml' },
      'clinical_quiz',
      quiz,
    ],
    [
      '--overrides extra.benchmark relative to the working directory',
      { type: 'custom' },
      { overrides: ['config.params.extra.benchmark=configs/quiz.yml'] },
      'clinical_quiz',
      quiz,
    ],
  ])('%s', (_name, config, more, type, file) => {
    const { evaluation, customBenchmark } = run(config, more);
    expect(evaluation.config.type).toBe(type);
    expect(evaluation.config.params.task).toBe('custom');
    expect(evaluation.config.params.extra.benchmark).toBe(file);
    expect(customBenchmark?.file).toBe(file);
  });

  it('a built-in task is untouched and reports no custom benchmark', () => {
    const { evaluation, customBenchmark } = run({ type: 'pubmed_qa' });
    expect(evaluation.config).toMatchObject({
      type: 'pubmed_qa',
      params: { task: 'pubmed_qa', extra: { benchmark: null } },
    });
    expect(customBenchmark).toBeNull();
  });

  it('the benchmarks folder is read only when a name is not built in', () => {
    let reads = 0;
    const lazy = () => (reads++, registry);
    resolve({ runConfig: runConfig(), customBenchmarks: lazy });
    expect(reads).toBe(0);
    resolve({ runConfig: runConfig({ config: { type: 'note_summary' } }), customBenchmarks: lazy });
    expect(reads).toBe(1);
  });

  it('renders --benchmark-file with the absolute path into the command', () => {
    const { evaluation } = run({ type: 'quiz.yml' });
    expect(evaluation.command).toContain(
      '{{#if (isSet config.params.extra.benchmark)}}--benchmark-file {{quote config.params.extra.benchmark}}{{/if}}',
    );
  });

  it.each<[string, object, { overrides?: string[]; customBenchmarks?: typeof registry }, string, RegExp]>([
    [
      'custom without extra.benchmark',
      { type: 'custom' },
      {},
      'EF_CUSTOM_BENCHMARK_MISSING',
      /config.type 'custom' needs config.params.extra.benchmark/,
    ],
    [
      'a path that does not exist',
      { type: 'nope.yml' },
      {},
      'EF_CUSTOM_BENCHMARK_NOT_FOUND',
      /definition not found: .*configs\/nope\.yml \(from config\.type\)/,
    ],
    [
      'extra.benchmark that does not exist',
      { type: 'custom', params: { extra: { benchmark: 'gone.yaml' } } },
      {},
      'EF_CUSTOM_BENCHMARK_NOT_FOUND',
      /configs\/gone\.yaml \(from config\.params\.extra\.benchmark\)/,
    ],
    [
      'extra.benchmark on a built-in task',
      { type: 'pubmed_qa', params: { extra: { benchmark: quiz } } },
      {},
      'EF_CONFIG_INVALID',
      /is not a custom benchmark/,
    ],
    [
      'a path type and a different extra.benchmark',
      { type: 'quiz.yml', params: { extra: { benchmark: notes } } },
      {},
      'EF_CONFIG_INVALID',
      /keep one of them/,
    ],
    [
      'a folder name and a differently named extra.benchmark',
      { type: 'note_summary', params: { extra: { benchmark: quiz } } },
      {},
      'EF_CONFIG_INVALID',
      /keep one of them/,
    ],
    [
      'a name defined twice in the folder',
      { type: 'twin' },
      { customBenchmarks: scanBenchmarksDir(otherDir).benchmarks },
      'EF_CUSTOM_NAME_CLASH',
      /'twin' is defined by 2 files: .*a\.yml, .*b\.yml/,
    ],
    [
      'extra.benchmark that is not a string',
      { type: 'custom', params: { extra: { benchmark: 3 } } },
      {},
      'EF_CONFIG_INVALID',
      /extra\.benchmark: must be the path/,
    ],
  ])('%s', (_name, config, more, code, message) => {
    const error = thrown(() => run(config, more));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.hint).toBeTruthy();
  });

  it('an unknown name lists the folder definitions beside the built-ins', () => {
    const error = thrown(() => run({ type: 'nope' }));
    expect(error.code).toBe('EF_UNKNOWN_EVALUATION');
    expect(error.message).toMatch(
      /^Unknown evaluation nope\. Evaluations available: pubmed_qa, .*n2c2_ct_matching, .*v1\.2-quiz \(custom\), note_summary \(custom\)$/,
    );
    expect(error.message).not.toMatch(/\bcustom,/); // the internal custom task is not offered
  });

  it('an unknown name with extra.benchmark names what the definition is called', () => {
    const error = thrown(() => run({ type: 'quizz', params: { extra: { benchmark: twinA } } }));
    expect(error.code).toBe('EF_UNKNOWN_EVALUATION');
    expect(error.message).toContain(
      "Unknown evaluation quizz (config.params.extra.benchmark defines 'twin'; write that name or custom as config.type).",
    );
  });
});

describe('judged custom benchmarks need a jury before anything runs', () => {
  const judge = { gpt: { url: 'http://127.0.0.1:9/v1', model_id: 'judge' } };
  it.each<[string, string, boolean]>([
    ['native, jury_score listed', 'name: a\ntask: {kind: free_text}\nmetrics: [rouge_l, jury_score]\n', true],
    ['native free_text without metrics (jury_score is its default)', 'name: b\ntask: {kind: free_text}\n', true],
    ['native free_text scored by ROUGE only', 'name: c\ntask: {kind: free_text}\nmetrics: [rouge_l]\n', false],
    [
      'MedHELM format with a jury_score metric',
      'name: d\nprompt_file: p.txt\ndataset_file: d.csv\nmetrics:\n  - {name: exact_match}\n  - {name: jury_score, main: true}\n',
      true,
    ],
    ['a multiple-choice quiz', 'name: e\ntask: {kind: multiple_choice}\nmetrics: [exact_match]\n', false],
  ])('%s', (_name, text, judged) => {
    const file = write(join(otherDir, `judged-${text.slice(6, 7)}.yml`), text); // named after `name: <letter>`
    const config = { type: file };
    if (judged) {
      const error = thrown(() => run(config));
      expect(error.code).toBe('EF_JUDGE_CONFIG');
      expect(error.message).toMatch(/is scored by LLM judges but config\.params\.extra\.judges has no enabled judge/);
    } else {
      expect(run(config).customBenchmark?.judged).toBe(false);
    }
    expect(run({ ...config, params: { extra: { judges: judge } } }).customBenchmark?.judged).toBe(judged);
  });
});
