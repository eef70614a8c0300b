import { describe, it, expect } from '@jest/globals';
import { parse } from 'yaml';
import { formatRunConfigYml } from './run-config-yml.js';
import { TEMPLATE, sampleEvaluation } from './fixtures/sample.js';

describe('formatRunConfigYml', () => {
  it('sorts keys at every level and keeps nulls', () => {
    const text = formatRunConfigYml(sampleEvaluation());
    const topKeys = text
      .split('\n')
      .filter((l) => /^[a-z_]+:/.test(l))
      .map((l) => l.split(':')[0]);
    expect(topKeys).toEqual(['command', 'config', 'framework_name', 'pkg_name', 'target']);
    expect(text).toContain('    temperature: null\n');
    expect(text.indexOf('limit_samples:')).toBeLessThan(text.indexOf('parallelism:'));
    const parsed = parse(text) as { command: string; config: { params: { extra: { subject: null } } } };
    expect(parsed.command).toBe(TEMPLATE);
    expect(parsed.config.params.extra.subject).toBeNull();
  });

  // A seed-style `api_key:` is not written back next to api_key_name: NeMo Evaluator
  // rejects a target with both (Dec 2025) or with api_key at all (May 2026), so only api_key_name is written.
  it('writes only api_key_name, whichever spelling the user wrote', () => {
    const evaluation = sampleEvaluation();
    const seedStyle = {
      ...evaluation,
      target: { api_endpoint: { ...evaluation.target.api_endpoint, api_key_name: null, api_key: 'ACME_API_KEY' } },
    };
    for (const e of [evaluation, seedStyle]) {
      const endpoint = (parse(formatRunConfigYml(e)) as { target: { api_endpoint: Record<string, unknown> } }).target
        .api_endpoint;
      expect(endpoint.api_key_name).toBe('ACME_API_KEY');
      expect(endpoint).not.toHaveProperty('api_key');
    }
  });

  it('never writes YAML anchors for repeated objects', () => {
    const shared = { url: 'http://127.0.0.1:1/v1', model_id: 'm' };
    const evaluation = sampleEvaluation();
    const text = formatRunConfigYml({
      ...evaluation,
      config: { ...evaluation.config, params: { extra: { judges: { a: shared, b: shared } } } },
    });
    expect(text).not.toMatch(/[&*]a\d/);
  });
});
