import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { sha256Hex } from '../shared/hashing.js';
import { pyListStr } from '../shared/python-repr.js';
import { readTextPython } from '../shared/read-text.js';
import { recordingContext, tempDir } from '../shared/test-support.js';
import { medhallu } from './definition.js';
import { MEDHALLU_PIN } from './load.js';
import { medhalluRowsDigest, parseMedhalluRows } from './rows.js';

const DIR = realDataDir('medhallu');
const FILE = join(DIR, 'medhallu_pqa_labeled.jsonl');
const run = realDataPresent('medhallu') ? it : it.skip;

/**
 * Oracles printed by CPython 3.11 from the same JSONL: sha256 of `str(row["Knowledge"]) + "\n"` over all rows, and
 * of HELM's 2,000 `create_instance` texts, each followed by a NUL, in scenario order.
 */
const KNOWLEDGE_STR_SHA256 = 'b80973b240c3369edeb840367cd45b57b4a0115a0f9b2e0a1bbc04269baa98c7';
const HELM_TEXTS_SHA256 = '26e25d4b4247804199fcbdbd44a24d438b2e9c7b1bda2a7066237ae259d909d8';

async function load() {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: DIR });
  return { ctx, loaded: await medhallu.load(ctx) };
}

describe('medhallu on the real medhallu_pqa_labeled.jsonl (docs/benchmarks/medhallu.md)', () => {
  run('1,000 rows match the pinned row digest, with no warnings', async () => {
    const rows = parseMedhalluRows(await readTextPython(FILE), FILE);
    expect(rows).toHaveLength(MEDHALLU_PIN.rows);
    expect(medhalluRowsDigest(rows)).toBe(MEDHALLU_PIN.sha256);
    const { ctx, loaded } = await load();
    expect(ctx.warnings).toEqual([]);
    expect(loaded.data.num_rows).toBe(1000);
    expect(loaded.data.files[0].path).toBe(FILE);
  });

  run('pyListStr reproduces Python str() of every Knowledge list', async () => {
    const rows = parseMedhalluRows(await readTextPython(FILE), FILE);
    expect(sha256Hex(rows.map((r) => `${pyListStr(r.Knowledge)}\n`).join(''))).toBe(KNOWLEDGE_STR_SHA256);
  });

  run(
    '2,000 HELM instances id0…id1999, balanced 0/1, texts identical to HELM, some with \\xa0 / \\u2009 escapes',
    async () => {
      const { loaded } = await load();
      const helm = loaded.instances.filter((x) => x.variant === undefined);
      expect(helm).toHaveLength(2000);
      expect(helm.map((x) => x.id)).toEqual(Array.from({ length: 2000 }, (_, i) => `id${i}`));
      const golds = helm.map((x) => x.references[0].output.text);
      expect(golds.filter((g) => g === '0')).toHaveLength(1000);
      expect(golds.every((g, i) => g === (i % 2 === 0 ? '0' : '1'))).toBe(true);
      expect(sha256Hex(helm.map((x) => `${x.input.text}\u0000`).join(''))).toBe(HELM_TEXTS_SHA256);
      // Rows with escapes (CPython count): 53 with \xa0, 52 with \u2009; two instances per row.
      expect(helm.filter((x) => x.input.text.includes('\\xa0'))).toHaveLength(106);
      expect(helm.filter((x) => x.input.text.includes('\\u2009'))).toHaveLength(104);
      expect(helm[30].input.text).toContain('\\xa0');
      expect(helm[128].input.text).toContain('\\u2009');
    },
  );

  run('the corrected set c-id0…c-id1999 follows, aligned with the HELM set and free of list escapes', async () => {
    const { loaded } = await load();
    expect(loaded.instances).toHaveLength(4000);
    const [helm, corrected] = [loaded.instances.slice(0, 2000), loaded.instances.slice(2000)];
    const tail = (text: string) => text.slice(text.indexOf('\n\nQuestion: '));
    corrected.forEach((c, i) => {
      expect(c.variant).toBe('corrected');
      expect(c.id).toBe(`c-${helm[i].id}`);
      expect(c.references).toEqual(helm[i].references);
      expect(c.extra_data).toEqual(helm[i].extra_data);
      expect(c.input.text.startsWith('World Knowledge:\n')).toBe(true);
      expect(tail(c.input.text)).toBe(tail(helm[i].input.text));
    });
    expect(corrected.some((c) => c.input.text.includes('\\xa0') || c.input.text.includes('\\u2009'))).toBe(false);
    // The raw spaces are back: the same 53 rows (the questions and answers themselves have no U+00A0).
    expect(corrected.filter((c) => c.input.text.includes('\u00a0'))).toHaveLength(106);
  });
});
