import { describe, it, expect } from '@jest/globals';
import { existsSync } from 'node:fs';
import { defaultFrameworkPath, listTasks, loadFramework, validateFramework } from './framework.js';
import { mergeLayers } from './merge.js';
import { schemaErrors } from './schema/validate.js';
import { thrown } from './test-support.js';
import { TASK_ORDER, TASK_VARIANTS } from '@eval-factory/testkit';
/** The benchmarks MedHELM scores with its LLM jury; framework.yml marks each by its judge roster. */
const JUDGED_TASKS = [
  'mtsamples_replicate',
  'medalign',
  'medication_qa',
  'medi_qa',
  'aci_bench',
  'mtsamples_procedures',
  'med_dialog',
  'med_dialog_healthcaremagic',
  'med_dialog_icliniq',
  'mimic_rrs',
  'mimic_bhc',
  'dischargeme',
];

const ALL_TASKS = TASK_ORDER;
const IMPLEMENTED = [
  'pubmed_qa',
  'head_qa',
  'medbullets',
  'race_based_med',
  'medec',
  'medcalc_bench',
  'medhallu',
  'n2c2_ct_matching',
  'clear',
  'ehr_sql',
  'ehrshot',
  'mtsamples_replicate',
  'medalign',
  'medhelm_med_qa',
  'medication_qa',
  'medi_qa',
  'aci_bench',
  'mtsamples_procedures',
  'med_dialog',
  'med_dialog_healthcaremagic',
  'med_dialog_icliniq',
  'medhelm_med_mcqa',
  'mimic_rrs',
  'mimic_bhc',
  'mimiciv_billing_code',
  'dischargeme',
];

const minimal = (evaluations: unknown[]) => ({
  framework: { name: 'fw', pkg_name: 'pkg' },
  defaults: { command: 'run {{config.params.task}}', config: {}, target: { api_endpoint: {} } },
  evaluations,
});
const task = (type: string, extra: object = {}) => ({
  name: type,
  description: `d ${type}`,
  defaults: { config: { type } },
  ...extra,
});

describe('repository framework.yml', () => {
  const fw = loadFramework();

  it('is found at the repository root', () => {
    expect(existsSync(defaultFrameworkPath())).toBe(true);
    expect(fw.source).toBe(defaultFrameworkPath());
  });

  it('names the helm framework and the engine package, injected into the defaults', () => {
    expect(fw.framework).toMatchObject({ name: 'helm', pkg_name: 'eval_factory_engine' });
    expect(fw.defaults).toMatchObject({ framework_name: 'helm', pkg_name: 'eval_factory_engine' });
  });

  it("lists the thirteen tasks of §1.4, then the rest of MedHELM (with NVIDIA's variant names), in order", () => {
    expect(listTasks(fw).map((t) => t.type)).toEqual(ALL_TASKS);
  });

  it('marks only the implemented tasks as available', () => {
    expect(
      listTasks(fw)
        .filter((t) => t.available)
        .map((t) => t.type)
        .sort(),
    ).toEqual([...IMPLEMENTED].sort());
  });

  it.each(ALL_TASKS)('%s: params.task and supported types; merged defaults pass the schema', (type) => {
    const entry = fw.evaluations.find((t) => t.type === type)!;
    const merged = mergeLayers([fw.defaults, entry.defaults]) as any;
    expect(merged.config.params.task).toBe(TASK_VARIANTS[type]?.benchmark ?? type);
    if (TASK_VARIANTS[type]) expect(merged.config.params.extra.subset).toBe(TASK_VARIANTS[type].subset);
    expect(merged.config.supported_endpoint_types).toEqual(['chat', 'completions']);
    expect(entry.description.length).toBeGreaterThan(10);
    expect(schemaErrors(merged, 'runConfig')).toEqual([]);
  });

  it.each(JUDGED_TASKS)('%s defaults to the gpt, llama, claude judge roster', (type) => {
    const entry = fw.evaluations.find((t) => t.type === type)!;
    const judges = (entry.defaults as any).config.params.extra.judges;
    expect(Object.keys(judges)).toEqual(['gpt', 'llama', 'claude']);
    expect(judges.claude).toMatchObject({ provider: 'nvidia_anthropic', model_id: 'claude-3-7-sonnet-20250219' });
  });

  it('marks exactly the judged benchmarks as judged (by their roster) and the gated ones by `requires`', () => {
    expect(
      fw.evaluations
        .filter((t) => t.judged)
        .map((t) => t.type)
        .sort(),
    ).toEqual([...JUDGED_TASKS].sort());
    expect(fw.evaluations.find((t) => t.type === 'clear')!.requires).toEqual(['data_path', 'condition']);
    expect(fw.evaluations.find((t) => t.type === 'pubmed_qa')!.requires).toEqual([]);
  });

  it('declares the judge key names as env-var names', () => {
    expect((fw.defaults as any).config.params.extra).toMatchObject({
      gpt_judge_api_key: 'GPT_JUDGE_API_KEY',
      llama_judge_api_key: 'LLAMA_JUDGE_API_KEY',
      claude_judge_api_key: 'CLAUDE_JUDGE_API_KEY',
    });
  });
});

describe('validateFramework / listTasks', () => {
  it('hides internal tasks from the listing but keeps them resolvable', () => {
    const fw = validateFramework(
      minimal([task('a'), task('b', { internal: true }), task('c', { available: false })]),
      'x.yml',
    );
    expect(listTasks(fw)).toEqual([
      { type: 'a', name: 'a', description: 'd a', available: true },
      { type: 'c', name: 'c', description: 'd c', available: false },
    ]);
    expect(fw.evaluations.map((t) => t.type)).toEqual(['a', 'b', 'c']);
  });

  it('uses defaults.config.type as the registry key, not name', () => {
    const fw = validateFramework(
      minimal([{ name: 'variant', defaults: { config: { type: 'med_dialog_icliniq' } } }]),
      'x.yml',
    );
    expect(listTasks(fw)[0]).toMatchObject({ type: 'med_dialog_icliniq', name: 'variant', description: '' });
  });

  it.each<[string, unknown, RegExp]>([
    ['missing framework.name', { ...minimal([]), framework: { pkg_name: 'p' } }, /framework\.name: is required/],
    ['dotted framework name', { ...minimal([]), framework: { name: 'a.b', pkg_name: 'p' } }, /framework\.name/],
    ['unknown top-level key', { ...minimal([]), extra: 1 }, /Invalid parameter 'extra'/],
    [
      'task without config.type',
      minimal([{ name: 'x', defaults: { config: {} } }]),
      /evaluations\.0\.defaults\.config\.type: is required/,
    ],
    ['duplicate task types', minimal([task('a'), task('a')]), /duplicate task type 'a'/],
    ['command missing', { ...minimal([]), defaults: { config: {}, target: {} } }, /defaults\.command: is required/],
  ])('%s → EF_FRAMEWORK_INVALID', (_name, value, message) => {
    const error = thrown(() => validateFramework(value, 'x.yml'));
    expect(error.code).toBe('EF_FRAMEWORK_INVALID');
    expect(error.message).toMatch(/^x\.yml: /);
    expect(error.message).toMatch(message);
  });

  it('a missing framework file → EF_FILE_NOT_FOUND', () => {
    expect(thrown(() => loadFramework('/nonexistent/framework.yml')).code).toBe('EF_FILE_NOT_FOUND');
  });
});
