import { describe, expect, it } from '@jest/globals';
import { parseDescription } from './description.js';
import { expandEntries, folderName } from './expand.js';
import { parseRunEntries } from './run-entries.js';

/** Self-written, in the exact syntax of HELM's MedHELM run-entries files (comments, `,,`, a missing priority). */
const CONF = `# Toy run entries.

entries: [

  ########## Group ##########
  {description: "pubmed_qa:model=org/alpha,model_deployment=host/alpha", priority: 1},
  {description: "pubmed_qa:model=org/beta,model_deployment=host/beta", priority: 1},
  // a C-style comment
  {description: "med_dialog:subset=icliniq,model=org/alpha,model_deployment=host/alpha", priority: 2},
  {description: "medcalc_bench:num_output_tokens=4000,,data_path=/share/x,model=org/beta,model_deployment=host/beta", priority: 1},
  {description: "head_qa:model=text"},
  {description: "not_a_benchmark:model=org/alpha,model_deployment=host/alpha", priority: 1},
]
`;
const AVAILABLE = new Set(['pubmed_qa', 'med_dialog', 'medcalc_bench', 'head_qa']);

describe('parseRunEntries (HELM syntax)', () => {
  it('reads every entry with its priority (default 1) and line', () => {
    const entries = parseRunEntries(CONF, 'toy.conf');
    expect(entries.map((e) => [e.description.split(':')[0], e.priority, e.line])).toEqual([
      ['pubmed_qa', 1, 6],
      ['pubmed_qa', 1, 7],
      ['med_dialog', 2, 9],
      ['medcalc_bench', 1, 10],
      ['head_qa', 1, 11],
      ['not_a_benchmark', 1, 12],
    ]);
  });

  it.each([
    ['no entries list', 'runs: []', 'toy.conf:1: no `entries: [` list'],
    ['an unclosed list', 'entries: [\n {description: "a:b=c", priority: 1},\n', 'is not closed'],
    [
      'a stray token',
      'entries: [\n {description: "a:b=c", priority: 1},\n oops\n]',
      'toy.conf:3: expected {description',
    ],
    [
      'a second list',
      'entries: [\n {description: "a:b=c"}\n]\nentries: [\n {description: "d:e=f"}\n]',
      'toy.conf:4: a second `entries` list',
    ],
    ['an unknown field', 'entries: [\n {description: "a:b=c", priorty: 2}\n]', 'toy.conf:2: unknown field "priorty"'],
    [
      'a priority that is no number',
      'entries: [\n {description: "a:b=c", priority: high}\n]',
      'priority must be a whole number',
    ],
    ['no description', 'entries: [\n {priority: 1}\n]', 'toy.conf:2: an entry without a description'],
    ['an unquoted description', 'entries: [\n {description: a:b=c}\n]', 'toy.conf:2: expected , or }'],
    ['a string left open', 'entries: [\n {description: "a:b=c}\n]', 'toy.conf:2: a quoted string is not closed'],
    ['a bad escape', 'entries: [\n {description: "a:b=\\q"}\n]', 'toy.conf:2: "a:b=\\q" is not a string HOCON reads'],
    ['two entries on one line', 'entries: [{description: "a:b=c"} {description: "d:e=f"}]', 'need a comma'],
  ])('%s → EF_SUITE_CONF naming the line', (_, text, fragment) => {
    expect(() => parseRunEntries(text, 'toy.conf')).toThrow(
      expect.objectContaining({ code: 'EF_SUITE_CONF', message: expect.stringContaining(fragment) }),
    );
  });

  it("reads the HOCON a hand-written conf uses, as helm-run's pyhocon does", () => {
    const text = `entries =
[
  {priority: 2, description: "pubmed_qa:model=org/a"}
  {
    "description": """med_dialog:subset=icliniq,model=org/a"""
    priority = 1
    groups: ["med_dialog"]
  },
]
entries += [{description: "head_qa:model=text"}]  # added to the list above
`;
    expect(parseRunEntries(text, 'hand.conf')).toEqual([
      { description: 'pubmed_qa:model=org/a', priority: 2, line: 3 },
      { description: 'med_dialog:subset=icliniq,model=org/a', priority: 1, line: 4 },
      { description: 'head_qa:model=text', priority: 1, line: 10 },
    ]);
  });
});

describe('parseDescription', () => {
  it('splits as HELM does, skipping empty pairs', () => {
    expect(parseDescription('medcalc_bench:num_output_tokens=4000,,data_path=/x,model=o/m')).toEqual({
      scenario: 'medcalc_bench',
      args: [
        ['num_output_tokens', '4000'],
        ['data_path', '/x'],
        ['model', 'o/m'],
      ],
    });
    expect(parseDescription('pubmed_qa')).toEqual({ scenario: 'pubmed_qa', args: [] });
    expect(() => parseDescription('a:b')).toThrow(expect.objectContaining({ code: 'EF_SUITE_CONF' }));
  });
});

describe('expandEntries', () => {
  const entries = parseRunEntries(CONF, 'toy.conf');
  const jobsOf = (e: ReturnType<typeof expandEntries>) => e.jobs.map((j) => `${j.model} ${j.name}`).sort();

  it('--models-to-run keeps the entries of those models; model=text runs for each; unknown benchmarks are listed', () => {
    const e = expandEntries(entries, { modelsToRun: ['org/alpha'], available: AVAILABLE });
    expect(jobsOf(e)).toEqual(['org/alpha head_qa', 'org/alpha med_dialog,subset=icliniq', 'org/alpha pubmed_qa']);
    expect(e.unavailable).toEqual(['not_a_benchmark:model=org/alpha,model_deployment=host/alpha']);
  });

  it('--priority 1 drops priority-2 entries; arguments become extra (numbers as numbers)', () => {
    const e = expandEntries(entries, { modelsToRun: ['org/alpha', 'org/beta'], priority: 1, available: AVAILABLE });
    expect(jobsOf(e)).toEqual([
      'org/alpha head_qa',
      'org/alpha pubmed_qa',
      'org/beta head_qa',
      'org/beta medcalc_bench,num_output_tokens=4000',
      'org/beta pubmed_qa',
    ]);
    expect(e.jobs.find((j) => j.benchmark === 'medcalc_bench')?.extra).toEqual({
      num_output_tokens: 4000,
      data_path: '/share/x',
    });
  });

  it('ignoreConfModels runs every distinct entry for every model, without model-level fields; --data_root sets each data_path', () => {
    const e = expandEntries(entries, {
      modelsToRun: ['mine/m1', 'mine/m2'],
      ignoreConfModels: true,
      available: AVAILABLE,
      dataRoot: '/data/',
    });
    expect(jobsOf(e)).toEqual([
      'mine/m1 head_qa',
      'mine/m1 med_dialog,subset=icliniq',
      'mine/m1 medcalc_bench',
      'mine/m1 pubmed_qa',
      'mine/m2 head_qa',
      'mine/m2 med_dialog,subset=icliniq',
      'mine/m2 medcalc_bench',
      'mine/m2 pubmed_qa',
    ]);
    expect(e.jobs.find((j) => j.benchmark === 'medcalc_bench')?.extra.data_path).toBe('/data/medcalc_bench');
    expect(e.unavailable).toEqual(['not_a_benchmark']);
  });

  it("ignoreConfModels: a benchmark MedHELM's conf lists with and without num_output_tokens is one job per model", () => {
    const both = parseRunEntries(
      'entries: [\n  {description: "medcalc_bench:model=org/a,model_deployment=h/a", priority: 1},\n  {description: "medcalc_bench:num_output_tokens=4000,model=org/r1,model_deployment=h/r1", priority: 1},\n]\n',
      'both.conf',
    );
    const e = expandEntries(both, { modelsToRun: ['mine/m'], ignoreConfModels: true, available: AVAILABLE });
    expect(e.jobs.map((j) => [j.name, j.extra])).toEqual([['medcalc_bench', {}]]);
  });

  it("--num-output-tokens given: an entry's own is dropped, from its name too (the flag's is what runs)", () => {
    const e = expandEntries(entries, { modelsToRun: ['org/beta'], outputTokensGiven: true, available: AVAILABLE });
    expect(jobsOf(e)).toContain('org/beta medcalc_bench');
    expect(e.jobs.find((j) => j.benchmark === 'medcalc_bench')?.extra).toEqual({ data_path: '/share/x' });
  });

  it('no model → EF_SUITE_MODELS; folder names are safe', () => {
    expect(() => expandEntries(entries, { modelsToRun: [], available: AVAILABLE })).toThrow(
      expect.objectContaining({ code: 'EF_SUITE_MODELS' }),
    );
    expect(folderName('openai/gpt-4o 2024')).toBe('openai_gpt-4o_2024');
    // Never the folder above, the folder itself, or nothing.
    expect(['..', '.', '', '...', 'a..b'].map(folderName)).toEqual(['__', '_', '_', '___', 'a..b']);
  });

  it('27.5 no folder name starts with "." (readers skip hidden folders); names stay distinct and stable', () => {
    const ids = ['./ckpt-1000', '../ckpt-1000', '.ckpt', '../x', 'ckpt-1000', 'org/ckpt.1', '.env', '..env'];
    const names = ids.map(folderName);
    expect(names.filter((n) => n.startsWith('.'))).toEqual([]);
    expect(new Set(names).size).toBe(ids.length);
    expect(names).toEqual(['__ckpt-1000', '___ckpt-1000', '_ckpt', '___x', 'ckpt-1000', 'org_ckpt.1', '_env', '__env']);
    expect(ids.map(folderName)).toEqual(names);
    // Folders the run walk never searches (dependencies, a job's shards) are not given to a model either.
    expect(['dist', 'node_modules', 'units', 'units2'].map(folderName)).toEqual([
      '_dist',
      '_node_modules',
      '_units',
      'units2',
    ]);
  });

  // Never silently: a model no entry names would get no leaderboard row, an empty suite a folder for nothing.
  const named = parseRunEntries(
    'entries: [\n  {description: "pubmed_qa:model=org/alpha", priority: 1},\n  {description: "head_qa:model=org/beta", priority: 2},\n]\n',
    'named.conf',
  );
  it.each([
    [
      'a model no entry names',
      named,
      { modelsToRun: ['org/alpha', 'org/gamma'] },
      'EF_SUITE_MODELS',
      /names org\/gamma of/,
    ],
    [
      'past --priority',
      named,
      { modelsToRun: ['org/alpha', 'org/beta'], priority: 1 },
      'EF_SUITE_MODELS',
      /priority 1 or less names org\/beta/,
    ],
    ['no entry at all', [], { modelsToRun: ['org/alpha'] }, 'EF_SUITE_EMPTY', /list no entry/],
    ['no entry for any model', named, { modelsToRun: ['org/gamma'] }, 'EF_SUITE_EMPTY', /no run entry names a model/],
    ['--priority 0', named, { modelsToRun: ['org/alpha'], priority: 0 }, 'EF_SUITE_EMPTY', /priority 0 or less/],
  ])('%s → %s before anything is written', (_what, list, o, code, message) => {
    expect(() => expandEntries(list, { ...o, available: AVAILABLE })).toThrow(
      expect.objectContaining({ code, message: expect.stringMatching(message) }),
    );
  });

  it('a placeholder or --ignore-conf-models reaches every model; entries of missing benchmarks count as naming it', () => {
    expect(jobsOf(expandEntries(entries, { modelsToRun: ['org/gamma'], available: AVAILABLE }))).toEqual([
      'org/gamma head_qa',
    ]);
    expect(
      jobsOf(expandEntries(named, { modelsToRun: ['x/y'], ignoreConfModels: true, available: AVAILABLE })),
    ).toEqual(['x/y head_qa', 'x/y pubmed_qa']);
    const missing = expandEntries(named, { modelsToRun: ['org/beta'], available: new Set(['pubmed_qa']) });
    expect([missing.jobs, missing.unavailable]).toEqual([[], ['head_qa:model=org/beta']]);
  });
});
