import { describe, expect, it } from '@jest/globals';
import type { BenchmarkDefinition } from '@eval-factory/types';
import { helmAnnotations } from './helm-annotations.js';

const benchmark = {
  name: 'mtsamples_replicate',
  jury: { annotator: 'jury', template: '', criteria: ['accuracy', 'clarity'] },
} as unknown as BenchmarkDefinition;
const good = '{"accuracy": {"score": 4, "explanation": "a"}, "clarity": {"score": 5, "explanation": "c"}}';

describe('annotations on HELM request states (what helm-server shows for a judged run)', () => {
  it("puts the jury's verdicts under the scenario's name, one parsed object per judge HELM would accept", () => {
    const ours = {
      jury: {
        prompt_text: 'judge this',
        judges: {
          gpt: { ok: true, reply: `Here: ${good} done`, cached: false },
          llama: { ok: true, reply: 'I cannot rate this.', cached: false },
          claude: { ok: false, reason: 'HTTP 500' },
        },
      },
      other: { x: 1 },
    };
    expect(helmAnnotations(ours, benchmark)).toEqual({
      other: { x: 1 },
      mtsamples_replicate: { prompt_text: 'judge this', gpt: JSON.parse(good) },
    });
  });

  it('leaves a benchmark without a jury as it is', () => {
    expect(helmAnnotations({ a: 1 }, { ...benchmark, jury: undefined } as BenchmarkDefinition)).toEqual({ a: 1 });
  });
});
