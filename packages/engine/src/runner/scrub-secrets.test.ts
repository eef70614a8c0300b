import { describe, expect, it } from '@jest/globals';
import { REDACTED, registerSecret, scrubValue } from '@eval-factory/errors';
import type { Instance } from '@eval-factory/types';
import { buildAdapterSpec, requestPlan } from '../adapters/index.js';
import { promptText } from '../adapters/assemble-prompt.js';
import type { PreparedRun } from './prepare.js';
import { scrubPrepared } from './scrub-secrets.js';

const SECRET = 'sk-scrub-once-secret-0001';
registerSecret(SECRET);

const ADAPTER = buildAdapterSpec({
  method: 'generation',
  instructions: `Use ${SECRET}`,
  input_noun: 'Question',
  output_noun: 'Answer',
  max_tokens: 5,
  stop_sequences: [`stop ${SECRET}`],
});

/** An instance that counts how many times its text is read (a prompt assembled from it reads it). */
function countingInstance(id: string, text: string): Instance & { reads: number } {
  const instance = {
    id,
    reads: 0,
    input: {
      get text() {
        instance.reads++;
        return text;
      },
    },
    split: 'test' as const,
    references: [{ output: { text: 'yes' }, tags: ['correct'] }],
  };
  return instance;
}

/** A prepared run as prepare.ts makes one: its plan built over the given instances (and scrubbed adapter). */
function preparedOver(selected: readonly Instance[]): PreparedRun {
  const planOver = (instances: readonly Instance[], scrub: <T>(v: T) => T = (v) => v) =>
    requestPlan(scrub(ADAPTER), instances, { numTrials: 1 });
  return { selected, stream: null, planOver, requests: planOver(selected) } as unknown as PreparedRun;
}

describe('scrubPrepared', () => {
  it('scrubs the adapter and the data once, so a request read from the plan is not scrubbed (or assembled) again', () => {
    const clean = countingInstance('c1', 'which organ makes insulin?');
    const prepared = scrubPrepared(preparedOver([clean]));
    const perPrompt = (() => {
      const before = clean.reads;
      promptText(ADAPTER, clean, []);
      return clean.reads - before;
    })();
    clean.reads = 0;
    const request = prepared.requests.at(0);
    expect(clean.reads).toBe(0); // reading an entry assembles nothing
    expect(request.prompt).toBe(`Use ${REDACTED}\n\nQuestion: which organ makes insulin?\nAnswer:`);
    expect(request.stop).toEqual([`stop ${REDACTED}`]);
    expect(clean.reads).toBe(perPrompt); // the prompt, assembled once
  });

  it('keeps a registered secret in the data out of every request field', () => {
    const dirty: Instance = {
      id: `id-${SECRET}`,
      input: { text: `what is ${SECRET}?` },
      split: 'test',
      references: [{ output: { text: SECRET }, tags: ['correct'] }],
    };
    const prepared = scrubPrepared(preparedOver([dirty]));
    const request = prepared.requests.at(0);
    expect(JSON.stringify({ ...request })).not.toContain(SECRET);
    expect(request.instance_id).toBe(`id-${REDACTED}`);
    expect(prepared.selected[0]).toEqual(scrubValue(dirty));
    expect(JSON.stringify(prepared.selected)).not.toContain(SECRET);
  });
});
