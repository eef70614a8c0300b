import { describe, expect, it } from '@jest/globals';
import { runsEngine } from './early-engine.js';

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
