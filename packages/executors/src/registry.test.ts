import { describe, expect, it } from '@jest/globals';
import { UserError } from '@eval-factory/errors';
import { EXECUTORS, executorFlags, executorNamed, executorNames } from './registry.js';

describe('the executor registry', () => {
  it('names each executor once, the default (run here) first', () => {
    expect(new Set(executorNames()).size).toBe(EXECUTORS.length);
    expect(executorNamed(undefined).runsHere).toBe(true);
  });

  it("gives --executor its choices and every executor's flags; a flag two executors share is the same flag", () => {
    const flags = executorFlags();
    expect(flags.executor!.choices).toEqual(executorNames());
    for (const e of EXECUTORS) for (const [name, spec] of Object.entries(e.flags)) expect(flags[name]).toEqual(spec);
  });

  it('refuses a name that is none of them as EF_SUITE_CONF, saying where it was given and what is known', () => {
    let error: unknown;
    try {
      executorNamed('lsf', 'suite.yml: execution.type');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).code).toBe('EF_SUITE_CONF');
    expect((error as UserError).message).toBe(`suite.yml: execution.type: "lsf" is not ${executorNames().join(', ')}`);
  });
});
