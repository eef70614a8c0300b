import { describe, expect, it } from '@jest/globals';
import { parseRunEntries } from './run-entries.js';

/**
 * Runs `fn` counting the characters `slice` copies and `split` scans: the parser's work on the text. Reading each
 * line number by re-splitting the text up to the entry made this grow with entries × text length.
 */
function charactersScanned(fn: () => void): number {
  const { slice, split } = String.prototype;
  let scanned = 0;
  String.prototype.slice = function (this: string, ...args: Parameters<typeof slice>) {
    const part = slice.apply(this, args);
    scanned += part.length;
    return part;
  };
  String.prototype.split = function (this: string, ...args: unknown[]) {
    scanned += this.length;
    return (split as (...a: unknown[]) => string[]).apply(this, args);
  } as typeof split;
  try {
    fn();
  } finally {
    String.prototype.slice = slice;
    String.prototype.split = split;
  }
  return scanned;
}

describe('parseRunEntries on a large conf', () => {
  it('27.14 reads line numbers from one pass: the work is linear in the text, not entries × text', () => {
    const n = 20_000;
    const lines = Array.from({ length: n }, (_, k) => `  {description: "pubmed_qa:model=org/m${k}", priority: 1}`);
    const text = `entries: [\n${lines.join('\n')}\n]\n`;
    let entries: ReturnType<typeof parseRunEntries> = [];
    const scanned = charactersScanned(() => {
      entries = parseRunEntries(text, 'big.conf');
    });
    expect(entries).toHaveLength(n);
    expect(entries[n - 1]).toEqual({ description: `pubmed_qa:model=org/m${n - 1}`, priority: 1, line: n + 1 });
    expect(entries.map((e) => e.line)).toEqual(Array.from({ length: n }, (_, k) => k + 2));
    // Each token is copied out of the text once; re-splitting per entry scanned ~n/2 texts.
    expect(scanned).toBeLessThan(4 * text.length);
  });

  it('an error deep in a large conf names its line', () => {
    const lines = Array.from({ length: 5000 }, (_, k) => `  {description: "pubmed_qa:model=m${k}", priority: 1}`);
    lines[4321] = '  {description: "pubmed_qa:model=x", priority: "1"}';
    const text = `entries: [\n${lines.join('\n')}\n  {description: """a\nb""", priority: 1}\n  {description: "x", nope: 1}\n]\n`;
    expect(() => parseRunEntries(text, 'big.conf')).toThrow('big.conf:4323: priority must be a whole number');
    const late = text.replace('priority: "1"', 'priority: 1');
    expect(() => parseRunEntries(late, 'big.conf')).toThrow('big.conf:5004: unknown field "nope"');
  });
});
