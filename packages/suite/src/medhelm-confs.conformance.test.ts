/** MedHELM's real run-entries files (../shared/helm) parse unchanged and every entry maps to a benchmark here. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { expandEntries, parseRunEntries } from './index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const helm = join(root, '..', 'shared', 'helm');
const tasks = new Set(
  (parse(readFileSync(join(root, 'framework.yml'), 'utf8')) as { evaluations: { name: string }[] }).evaluations.map(
    (e) => e.name,
  ),
);

(existsSync(helm) ? describe : describe.skip)('MedHELM run-entries files', () => {
  it.each([
    ['run_entries_medhelm_public.conf', 221],
    ['run_entries_medhelm_gated.conf', 143],
  ])('%s: %i entries, every benchmark available here', (file, count) => {
    const entries = parseRunEntries(readFileSync(join(helm, file), 'utf8'), file);
    expect(entries).toHaveLength(count);
    const e = expandEntries(entries, { modelsToRun: ['openai/gpt-4o-2024-05-13'], available: tasks });
    expect(e.unavailable).toEqual([]);
    expect(e.jobs.length).toBeGreaterThan(10);
  });
});
