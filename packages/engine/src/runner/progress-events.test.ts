import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { ENGINE_PROGRESS_PREFIX, type EngineProgressEvent } from '@eval-factory/types';
import { createProgress } from './progress.js';

function collect(): { stream: NodeJS.WriteStream; lines: () => string[] } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return { stream: stream as unknown as NodeJS.WriteStream, lines: () => text.split('\n').filter(Boolean) };
}

describe("createProgress in 'events' mode (a suite draws the view)", () => {
  it('writes only prefixed JSON events: one at the start, a final one with the counts and the plain line', async () => {
    const out = collect();
    const progress = createProgress('pubmed_qa', 4, 'events', out.stream);
    progress.tick('done');
    progress.tick('cached');
    progress.retryWait(true);
    progress.retryDone();
    progress.tick('failed', 'connection refused');
    progress.tick('done');
    progress.finish();
    await new Promise((r) => setImmediate(r));
    const lines = out.lines();
    expect(lines.every((l) => l.startsWith(ENGINE_PROGRESS_PREFIX))).toBe(true);
    const events = lines.map((l) => JSON.parse(l.slice(ENGINE_PROGRESS_PREFIX.length)) as EngineProgressEvent);
    expect(events[0]).toMatchObject({ label: 'pubmed_qa', total: 4, done: 0, final: false });
    expect(events.at(-1)).toMatchObject({
      label: 'pubmed_qa',
      total: 4,
      done: 2,
      cached: 1,
      failed: 1,
      throttled: 1,
      retrying: 0,
      last_failure: 'connection refused',
      final: true,
    });
    expect(events.at(-1)!.line).toMatch(/^pubmed_qa 4\/4 \(done 2, cached 1, failed 1; throttled 1\)/);
    expect(events.filter((e) => e.final)).toHaveLength(1);
  });

  it('writes an event as soon as half the requests are complete, once, without waiting for the interval', async () => {
    const out = collect();
    const progress = createProgress('medbullets', 5, 'events', out.stream);
    const events = () =>
      out.lines().map((l) => JSON.parse(l.slice(ENGINE_PROGRESS_PREFIX.length)) as EngineProgressEvent);
    await new Promise((r) => setImmediate(r));
    expect(events()).toHaveLength(1);
    progress.tick('done');
    progress.tick('cached');
    await new Promise((r) => setImmediate(r));
    expect(events()).toHaveLength(1);
    progress.tick('failed', 'a 500');
    await new Promise((r) => setImmediate(r));
    expect(events().map((e) => [e.done + e.cached + e.failed, e.final])).toEqual([
      [0, false],
      [3, false],
    ]);
    progress.tick('done');
    progress.finish();
    await new Promise((r) => setImmediate(r));
    expect(events().map((e) => [e.done + e.cached + e.failed, e.final])).toEqual([
      [0, false],
      [3, false],
      [4, true],
    ]);
  });
});
