/** The work units a cluster task runs come from the plan its submitter made (--units-plan), never from a plan of its own. */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parseSuiteConfig, type RunSuiteArgs } from '@eval-factory/suite';
import { suiteUnits } from './suite-units.js';

const SUITE = `
targets:
  - api_endpoint: {url: "http://127.0.0.1:9/v1/chat/completions", model_id: org/a, type: chat}
evaluation:
  tasks: [pubmed_qa, head_qa]
`;
const { jobs } = parseSuiteConfig(SUITE, 'suite.yml', 's');
const args = (plan: string): RunSuiteArgs => ({ suite: 's', 'units-plan': plan }) as RunSuiteArgs;

describe('suiteUnits with --units-plan', () => {
  it('reads the submitter’s plan and keeps a copy in the suite folder', async () => {
    const given = join(mkdtempSync(join(tmpdir(), 'ef-units-plan-')), 'units.json');
    const submitted = await suiteUnits(jobs, { suite: 's' } as RunSuiteArgs, tmpdir(), { write: false });
    writeFileSync(given, JSON.stringify(submitted));
    const dir = mkdtempSync(join(tmpdir(), 'ef-units-plan-'));
    const read = await suiteUnits(jobs, args(given), dir, { write: true });
    expect(read.units.map((u) => u.job)).toEqual(['pubmed_qa', 'head_qa']);
    expect(existsSync(join(dir, 'units.json'))).toBe(true);
  });

  it.each([
    ['does not exist', () => '/nonexistent/units.json'],
    [
      'was planned for other jobs',
      () => {
        const file = join(mkdtempSync(join(tmpdir(), 'ef-units-plan-')), 'units.json');
        const other = {
          suite: 's',
          max_instances_per_unit: null,
          units: [{ index: 0, model: 'org/a', job: 'medbullets', shard: null }],
        };
        writeFileSync(file, JSON.stringify(other));
        return file;
      },
    ],
  ])('a plan that %s is EF_SUITE_UNITS, not a plan made anew', async (_what, planFile) => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-units-plan-'));
    const file = planFile();
    await expect(suiteUnits(jobs, args(file), dir, { write: true })).rejects.toMatchObject({
      code: 'EF_SUITE_UNITS',
      message: expect.stringContaining(`--units-plan ${file}`),
    });
    expect(existsSync(join(dir, 'units.json'))).toBe(false);
  });
});
