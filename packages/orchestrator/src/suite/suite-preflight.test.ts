import { describe, expect, it } from '@jest/globals';
import type { Evaluation } from '@eval-factory/types';
import { keyNamesOf } from './suite-preflight.js';

describe("a suite YAML target's header ${VAR} references reach the cluster tasks by name", () => {
  const job = {
    config: { params: { extra: {} } },
    target: {
      api_endpoint: {
        api_key_name: 'TARGET_KEY',
        headers: { Authorization: 'Bearer ${GATEWAY_TOKEN}', 'X-Request-Source': 'medhelm' },
        adapter_config: { headers_to_add: { 'X-Org-Key': '${ORG_KEY}' } },
      },
    },
  } as unknown as Evaluation;

  it('are passed with the key variables (Slurm exports them, the pods take them from the Secret)', () => {
    expect(keyNamesOf(new Map([[0, job]]))).toEqual(['TARGET_KEY', 'ORG_KEY', 'GATEWAY_TOKEN']);
  });

  it('are each named once, whichever jobs name them', () => {
    expect(
      keyNamesOf(
        new Map([
          [0, job],
          [1, job],
        ]),
      ),
    ).toEqual(['TARGET_KEY', 'ORG_KEY', 'GATEWAY_TOKEN']);
  });
});
