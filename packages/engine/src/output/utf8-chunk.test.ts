import { describe, expect, it } from '@jest/globals';
import { CHUNK_BYTES, Utf8Chunk } from './utf8-chunk.js';

describe('Utf8Chunk', () => {
  it('refills a chunk given back after its write, with only the new bytes', () => {
    const chunk = new Utf8Chunk();
    expect(chunk.add('first é')).toBe(true);
    const first = chunk.take();
    expect(first?.toString('utf8')).toBe('first é');
    chunk.reuse(first!);
    chunk.take(); // nothing added: no chunk taken, the spare one stays spare
    expect(chunk.add('x')).toBe(true);
    const second = chunk.take(); // the chunk in use since `first` was taken
    chunk.reuse(second!);
    expect(chunk.add('second')).toBe(true);
    const third = chunk.take();
    expect(third?.toString('utf8')).toBe('second');
    expect([first!.buffer, second!.buffer]).toContain(third!.buffer);
    expect(third!.buffer.byteLength).toBe(CHUNK_BYTES);
  });

  it('keeps no buffer of another size', () => {
    const chunk = new Utf8Chunk();
    chunk.reuse(Buffer.alloc(16));
    chunk.add('a');
    chunk.take();
    expect(chunk.add('b')).toBe(true);
    expect(chunk.take()?.buffer.byteLength).toBe(CHUNK_BYTES);
  });
});
