import { describe, it, expect } from '@jest/globals';
import { parse } from 'yaml';
import { formatDryRun } from './dry-run.js';
import { RENDERED, TEMPLATE, sampleEvaluation } from './fixtures/sample.js';

describe('formatDryRun', () => {
  const text = formatDryRun(sampleEvaluation(), RENDERED);

  it('has the §6.3 frame: heading, blank, YAML, blank, heading, blank, command', () => {
    expect(text.startsWith('Rendered config:\n\ncommand: ')).toBe(true);
    expect(text.endsWith(`\n\nRendered command:\n\n${RENDERED}\n`)).toBe(true);
  });

  it('dumps the top-level keys in the order command, framework_name, pkg_name, config, target', () => {
    const yamlPart = text.slice('Rendered config:\n\n'.length, text.indexOf('\nRendered command:'));
    const topKeys = yamlPart
      .split('\n')
      .filter((l) => /^[a-z_]+:/.test(l))
      .map((l) => l.split(':')[0]);
    expect(topKeys).toEqual(['command', 'framework_name', 'pkg_name', 'config', 'target']);
  });

  it('keeps the unrendered template on one line and round-trips the config', () => {
    const yamlPart = text.slice('Rendered config:\n\n'.length, text.indexOf('\nRendered command:'));
    const parsed = parse(yamlPart) as Record<string, unknown>;
    expect(parsed.command).toBe(TEMPLATE);
    expect(yamlPart.split('\n')[0]).toContain('--max-failure-rate');
    expect(parsed).toEqual({ ...sampleEvaluation() });
  });
});
