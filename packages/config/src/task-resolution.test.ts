import { describe, it, expect } from '@jest/globals';
import { validateFramework, type FrameworkDefinition } from './framework.js';
import { resolveTask } from './task-resolution.js';
import { thrown } from './test-support.js';

function fw(name: string, tasks: [string, object?][]): FrameworkDefinition {
  return validateFramework(
    {
      framework: { name, pkg_name: `${name}_pkg` },
      defaults: { command: 'run', config: {}, target: {} },
      evaluations: tasks.map(([type, more]) => ({
        name: type,
        defaults: { config: { type, params: { task: type } } },
        ...more,
      })),
    },
    `${name}.yml`,
  );
}

const helm = fw('helm', [['pubmed_qa'], ['medec', { available: false }], ['shared'], ['hidden', { internal: true }]]);
const other = fw('other', [['shared']]);
const frameworks = [helm, other];

describe('resolveTask (docs/configuration.md)', () => {
  it.each<[string, string, string, boolean]>([
    ['bare task', 'pubmed_qa', 'helm', true],
    ['framework.task', 'helm.pubmed_qa', 'helm', true],
    ['qualified shared task', 'other.shared', 'other', true],
    ['internal tasks resolve', 'hidden', 'helm', true],
    ['unlisted framework.task runs from defaults alone', 'helm.some_engine_benchmark', 'helm', false],
  ])('%s: %s', (_name, evalType, framework, listed) => {
    const result = resolveTask(frameworks, evalType);
    expect(result.framework.framework.name).toBe(framework);
    expect(result.entry !== null).toBe(listed);
    expect(result.type).toBe(evalType.split('.').pop());
  });

  it('an unlisted task gets params.task = the task name', () => {
    expect(resolveTask(frameworks, 'helm.xyz').taskDefaults).toEqual({
      config: { type: 'xyz', params: { task: 'xyz' } },
    });
  });

  it.each<[string, string, string]>([
    ['nope.pubmed_qa', 'EF_UNKNOWN_FRAMEWORK', 'Unknown framework nope. Frameworks available: helm, other'],
    ['nope', 'EF_UNKNOWN_EVALUATION', 'Unknown evaluation nope. Evaluations available: pubmed_qa, medec, shared'],
    [
      'pubmed_qaa',
      'EF_UNKNOWN_EVALUATION',
      'Unknown evaluation pubmed_qaa. Did you mean pubmed_qa? Evaluations available: pubmed_qa, medec, shared',
    ],
    ['helm.pubmed_qaa', 'EF_UNKNOWN_EVALUATION', 'Unknown evaluation helm.pubmed_qaa. Did you mean helm.pubmed_qa?'],
    ['helm.pubmd_q', 'EF_UNKNOWN_EVALUATION', 'Unknown evaluation helm.pubmd_q. Did you mean helm.pubmed_qa?'],
    [
      'shared',
      'EF_AMBIGUOUS_EVALUATION',
      "shared is available in multiple frameworks: helm,other. Please indicate which implementation you would like to choose by using 'framework_name.evaluation_name'. For example: helm.shared",
    ],
    [
      'a.b.c',
      'EF_EVAL_TYPE_SYNTAX',
      "eval_type must follow 'framework_name.evaluation_name'. No additional dots are allowed (got 'a.b.c').",
    ],
    ['.pubmed_qa', 'EF_EVAL_TYPE_SYNTAX', "eval_type '.pubmed_qa' has an empty framework or evaluation name."],
    ['medec', 'EF_TASK_NOT_AVAILABLE', "Task 'medec' is not yet available in this version of eval-factory"],
    ['helm.medec', 'EF_TASK_NOT_AVAILABLE', "Task 'medec' is not yet available in this version of eval-factory"],
  ])('%s → %s', (evalType, code, message) => {
    const error = thrown(() => resolveTask(frameworks, evalType));
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.hint).toBeTruthy();
  });

  it('the not-available hint points at eval-factory ls', () => {
    expect(thrown(() => resolveTask(frameworks, 'medec')).hint).toContain('eval-factory ls');
  });
});
