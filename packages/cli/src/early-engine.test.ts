import { describe, expect, it } from '@jest/globals';
import { runsEngine, suiteEndpoints } from './early-engine.js';

describe('runsEngine', () => {
  it.each<[string[], boolean]>([
    [['run_eval', '--run_config', 'a.yml'], true],
    [['--debug', 'run_eval', '--run_config', 'a.yml'], true],
    [['run_eval', '--model_id', 'm', '--overrides', 'config.params.limit_samples=5'], true],
    [['run_eval', '--run_config', 'a.yml', '--dry_run'], false],
    [['run_eval', '--dry-run'], false],
    [['run_eval', '--dry_run=true'], false],
    [['run_eval', '--help'], false],
    [['run_eval', '-h'], false],
    [['--version'], false],
    [['ls'], false],
    [['validate', 'run_eval'], false],
    [[], false],
  ])('%j → %s', (argv, expected) => {
    expect(runsEngine(argv)).toBe(expected);
  });
});

describe('suiteEndpoints', () => {
  it.each<[string[], number]>([
    [['run_suite', '--conf-paths', 'a.conf', '--models-to-run', 'org/a,org/b'], 2],
    [['run_suite', '--models-to-run=org/a, org/b,,org/a', '--conf-paths', 'a.conf'], 2],
    [['--debug', 'run_suite', '--models-to-run', 'org/a'], 1],
    [['run_suite', '--models-to-run', 'org/a', '--dry_run'], 0],
    [['run_suite', '--models-to-run', 'org/a', '--list-units'], 0],
    [['run_suite', '--models-to-run', 'org/a', '--unit', '3'], 0],
    [['run_suite', '--models-to-run', 'org/a', '--executor', 'slurm'], 0],
    [['run_suite', '--models-to-run', 'org/a', '--executor=kubernetes'], 0],
    [['run_suite', '--models-to-run', 'org/a,org/b', '--executor', 'local'], 2],
    [['run_suite', '--models-to-run', 'org/a', '--help'], 0],
    // Models named only by a suite YAML: the schedule starts their engines.
    [['run_suite', '--suite_config', 'suite.yml'], 0],
    [['run_eval', '--models-to-run', 'org/a'], 0],
  ])('%j → %d', (argv, expected) => {
    expect(suiteEndpoints(argv)).toBe(expected);
  });
});
