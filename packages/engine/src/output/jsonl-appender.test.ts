import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { JsonlAppender } from './jsonl-appender.js';

/** What a write that fails with nothing waiting (a full disk) does to the log's stream: it is destroyed with it. */
function failStream(appender: JsonlAppender): Promise<unknown> {
  const stream = (appender as unknown as { stream: NodeJS.WritableStream & { destroy(e: Error): void } }).stream;
  const closed = new Promise((resolve) => stream.once('close', resolve));
  stream.destroy(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
  return closed;
}

describe('JsonlAppender after a write failed while nothing waited (a full disk)', () => {
  it('close() reports the failure, also with lines still buffered (it never waits for a drain that cannot come)', async () => {
    const appender = await JsonlAppender.open(join(mkdtempSync(join(tmpdir(), 'ef-jsonl-')), 'log.jsonl'));
    await failStream(appender); // its error event has been emitted
    await expect(appender.append({ a: 1 })).rejects.toMatchObject({ code: 'ENOSPC' });
    // A line buffered before the failure was seen: close() flushes it into the destroyed stream.
    (appender as unknown as { buffered: string }).buffered = '{"b":2}\n';
    await expect(appender.close()).rejects.toMatchObject({ code: 'ENOSPC' });
  });

  it('close() reports it when the stream fails just before (its error not emitted yet)', async () => {
    const appender = await JsonlAppender.open(join(mkdtempSync(join(tmpdir(), 'ef-jsonl-')), 'log.jsonl'));
    await appender.append({ a: 1 });
    void failStream(appender);
    await expect(appender.close()).rejects.toMatchObject({ code: 'ENOSPC' });
  });
});
