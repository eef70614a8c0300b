import { describe, expect, it } from '@jest/globals';
import { categoriesFromSchema, groupColumns, groupNamesOf, MEDHELM_CATEGORIES } from './categories.js';

// A schema in HELM's shape (our own, small): a top group, two categories, their benchmarks.
const SCHEMA = `
metrics: []
run_groups:
  - name: all_scenarios
    display_name: All
    subgroups: [decisions, notes]
  - name: decisions
    display_name: Decisions
    category: Task Categories
    subgroups: [pubmed_qa, med_qa]
  - name: notes
    display_name: Notes
    subgroups: [aci_bench]
  - name: pubmed_qa
    display_name: PubMedQA
`;

const column = (task: string, scenario = task) => ({ task, scenario, label: scenario });

describe('categories', () => {
  it('reads the categories of a HELM schema: run groups listed by another that have subgroups of their own', () => {
    expect(categoriesFromSchema(SCHEMA, 's.yaml')).toEqual([
      { name: 'decisions', displayName: 'Decisions', members: ['pubmed_qa', 'med_qa'] },
      { name: 'notes', displayName: 'Notes', members: ['aci_bench'] },
    ]);
  });

  it.each([
    ['not YAML', 'run_groups: [', /not valid YAML/],
    ['no run_groups', 'metrics: []', /no run_groups list/],
    ['flat groups', 'run_groups: [{name: a}, {name: b}]', /no categories/],
  ])('%s → EF_SCHEMA_INVALID', (_what, text, message) => {
    expect(() => categoriesFromSchema(text, 's.yaml')).toThrow(
      expect.objectContaining({ code: 'EF_SCHEMA_INVALID', message: expect.stringMatching(message) }),
    );
  });

  it('places medhelm_med_qa under HELM’s med_qa, scenario columns under their benchmark, the rest under Other', () => {
    expect(groupNamesOf(column('medhelm_med_qa', 'med_qa'))).toContain('med_qa');
    const columns = [
      column('aci_bench'),
      column('medhelm_med_qa', 'med_qa'),
      column('ehrshot', 'ehrshot:subject=guo_los'),
      column('my_quiz'),
    ];
    expect(groupColumns(columns, MEDHELM_CATEGORIES)).toEqual([
      { displayName: 'Clinical Decision Support', columns: [1, 2] },
      { displayName: 'Clinical Note Generation', columns: [0] },
      { displayName: 'Other', columns: [3] },
    ]);
  });
});
