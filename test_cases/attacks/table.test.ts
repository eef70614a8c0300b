/**
 * The hostile table stays whole: every item of an attack round has a row, either a CLI case (cases.ts) or a case
 * shown by another test (elsewhere.ts) that still exists under the name the row gives.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ATTACK_CASES } from './cases.js';
import { CASES_SHOWN_ELSEWHERE } from './elsewhere.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** The second attack round on suites and scale-out had 21 items, 27.1 … 27.21. */
const ROUND = Array.from({ length: 21 }, (_, i) => `27.${i + 1}`);

describe('hostile table', () => {
  it.each(CASES_SHOWN_ELSEWHERE.map((c) => [c.name, c] as const))('%s: its test or doc is there', (_, c) => {
    if ('test' in c.where) {
      const text = readFileSync(join(ROOT, c.where.test), 'utf8');
      expect(text).toMatch(new RegExp(`\\b(it|test)(\\.each\\([^)]*\\))?\\(\\s*['"\`]${regexLiteral(c.where.title)}`));
    } else {
      expect(readFileSync(join(ROOT, c.where.doc), 'utf8').replace(/\s+/g, ' ')).toContain(c.where.says);
    }
  });

  it('holds a row for every item of the round on suites and scale-out', () => {
    const names = [...ATTACK_CASES, ...CASES_SHOWN_ELSEWHERE].map((c) => c.name);
    const missing = ROUND.filter((item) => !names.some((n) => n.startsWith(`${item} `)));
    expect(missing).toEqual([]);
  });
});

function regexLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
