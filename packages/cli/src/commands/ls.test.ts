import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { lsCommand, nemoLsLines } from './ls.js';

/**
 * Consumer contract (docs/configuration.md#compatibility): NeMo Evaluator's `ls` prints `<framework>: ` (trailing
 * space) then `  * <task>` lines. The fixture is that shape for a made-up harness, written by hand.
 */
const NEMO_SHAPE = readFileSync(new URL('./fixtures/nemo-ls-output.txt', import.meta.url), 'utf8');

async function capture(
  run: (out: NodeJS.WritableStream, err: NodeJS.WritableStream) => Promise<void>,
): Promise<{ out: string; err: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  await run(out, err);
  return { out: out.read()?.toString('utf8') ?? '', err: err.read()?.toString('utf8') ?? '' };
}

describe('eval-factory ls: NeMo line format', () => {
  it('prints the bytes NeMo prints for the same framework and tasks', () => {
    expect(nemoLsLines('demo_harness', ['first_task', 'second_task'])).toBe(NEMO_SHAPE);
  });

  it('the real framework.yml listing has exactly that shape on stdout, details only on stderr with --debug', async () => {
    const plain = await capture((out, err) => lsCommand(out, err));
    const [header, ...tasks] = plain.out.split('\n').slice(0, -1);
    expect(header).toBe('helm: ');
    expect(tasks.length).toBeGreaterThan(10);
    for (const line of tasks) expect(line).toMatch(/^ {2}\* [a-z0-9_]+$/);
    expect(plain.err).not.toMatch(/^debug:/m);

    const debug = await capture((out, err) => lsCommand(out, err, true));
    expect(debug.out).toBe(plain.out);
    expect(debug.err).toMatch(/^debug: framework file .*framework\.yml$/m);
    expect(debug.err).toMatch(/^debug: {3}pubmed_qa \(evaluation pubmed_qa\): \S/m);
  });
});
