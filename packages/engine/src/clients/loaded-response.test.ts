import { inspect } from 'node:util';
import { LoadedResponse, PlainHeaders, ResponseHeaders } from './loaded-response.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const respond = (body: string | null, raw: string[] = [], status = 200) =>
  new LoadedResponse(status, 'OK', new ResponseHeaders(raw), body === null ? null : bytes(body), 'http://127.0.0.1/x');

describe('ResponseHeaders', () => {
  const raw = [
    'X-Request-Id',
    'r1',
    'Vary',
    'a',
    'vary',
    'b',
    'Set-Cookie',
    'k=1',
    'set-cookie',
    'k=2',
    'Content-Type',
    ' application/json\t',
    'X-Space',
    '\u00a0v\u00a0',
  ];
  const headers = new ResponseHeaders(raw);

  it.each([
    ['x-request-id', 'r1'],
    ['X-REQUEST-ID', 'r1'],
    ['vary', 'a, b'],
    ['content-type', 'application/json'],
    ['set-cookie', 'k=1, k=2'],
    ['x-space', '\u00a0v\u00a0'],
    ['retry-after', null],
  ])('get(%s) is %p, as fetch joins and trims', (name, value) => {
    expect(headers.get(name)).toBe(value);
    expect(headers.has(name)).toBe(value !== null);
  });

  it('iterates sorted by name, each set-cookie apart, as fetch does', () => {
    // fetch's own Headers, given the same raw pairs: its joining, trimming and order are the reference.
    const reference = new Headers();
    for (let i = 0; i < raw.length; i += 2) reference.append(raw[i], raw[i + 1]);
    expect([...headers]).toEqual([...reference]);
    expect(headers.get('vary')).toBe(reference.get('vary'));
    expect([...headers.entries()]).toEqual([
      ['content-type', 'application/json'],
      ['set-cookie', 'k=1'],
      ['set-cookie', 'k=2'],
      ['vary', 'a, b'],
      ['x-request-id', 'r1'],
      ['x-space', '\u00a0v\u00a0'],
    ]);
    expect(headers.getSetCookie()).toEqual(['k=1', 'k=2']);
    const seen: string[] = [];
    headers.forEach((value, name) => seen.push(`${name}=${value}`));
    expect(seen).toHaveLength(6);
    expect([...headers.keys()]).toEqual([...headers].map(([n]) => n));
    expect([...headers.values()]).toEqual([...headers].map(([, v]) => v));
  });

  it('is a Headers to whoever asks, read-only, and copies into a real one', () => {
    expect(headers instanceof Headers).toBe(true);
    // The openai SDK's debug log: `instanceof Headers` ? its entries : Object.entries (which gave {}).
    expect(Object.fromEntries([...headers])).toMatchObject({ 'x-request-id': 'r1', vary: 'a, b' });
    expect(() => headers.append('x-a', '1')).toThrow(TypeError);
    expect(() => headers.set('x-request-id', '2')).toThrow(TypeError);
    expect(() => headers.delete('vary')).toThrow(TypeError);
    // Its entries too: each iteration hands out the same read-only pairs rather than copies.
    const [first] = headers.entries();
    expect(() => {
      first[1] = 'changed';
    }).toThrow(TypeError);
    expect([...headers.entries()][0]).toBe(first);
    expect(headers.get('x-request-id')).toBe('r1');
    expect([...new Headers(headers)]).toEqual([...headers]);
    expect(inspect(headers)).toContain("'x-request-id': 'r1'");
    expect(Object.prototype.toString.call(headers)).toBe('[object Headers]');
  });
});

describe('PlainHeaders', () => {
  it('read as ResponseHeaders do, and are not a Headers to instanceof, nor have fields of their own', () => {
    const raw = ['Vary', 'a', 'vary', 'b', 'Content-Type', 'application/json'];
    const plain = new PlainHeaders(raw);
    const headers = new ResponseHeaders(raw);
    expect([...plain]).toEqual([...headers]);
    expect([plain.get('VARY'), plain.has('content-type'), plain.get('x')]).toEqual(['a, b', true, null]);
    expect([plain instanceof Headers, headers instanceof Headers]).toEqual([false, true]);
    expect(Object.entries(plain)).toEqual([]);
  });

  it('are, as ResponseHeaders, a Headers whose every method is their own (undici’s need a real Headers)', () => {
    const methods = Reflect.ownKeys(Headers.prototype).filter(
      (key) =>
        key !== 'constructor' && typeof Reflect.getOwnPropertyDescriptor(Headers.prototype, key)?.value === 'function',
    );
    expect(methods.length).toBeGreaterThan(8);
    expect(methods.filter((key) => !Object.hasOwn(ResponseHeaders.prototype, key))).toEqual([]);
    // Copied methods keep no `super` of PlainHeaders' to reach (it is no longer on the chain).
    for (const key of Reflect.ownKeys(PlainHeaders.prototype)) {
      const value = Reflect.getOwnPropertyDescriptor(PlainHeaders.prototype, key)?.value;
      if (key !== 'constructor' && typeof value === 'function') expect(String(value)).not.toMatch(/\bsuper\b/);
    }
  });
});

describe('LoadedResponse', () => {
  it.each([
    [200, true],
    [299, true],
    [300, false],
    [429, false],
    [500, false],
  ])('status %i is ok: %p', (status, ok) => {
    expect(respond('', [], status).ok).toBe(ok);
  });

  it('reads text (without a byte order mark, as fetch does) and JSON once, then refuses as fetch does', async () => {
    const r = respond('\uFEFF{"a":"é"}');
    expect(r.bodyUsed).toBe(false);
    expect(await r.json()).toEqual({ a: 'é' });
    expect(r.bodyUsed).toBe(true);
    await expect(r.text()).rejects.toThrow(TypeError);
  });

  it('rejects json() of a body that is not JSON with a SyntaxError', async () => {
    await expect(respond('<html>').json()).rejects.toThrow(SyntaxError);
  });

  it('gives an empty text, as often as asked, for a response without a body', async () => {
    const empty = respond(null, [], 204);
    expect(await empty.text()).toBe('');
    expect(await empty.text()).toBe('');
    expect(empty.bodyUsed).toBe(false);
    expect(empty.body).toBeNull();
  });

  it('hands the rest of fetch (stream, bytes, clone) to a standard Response of the same bytes', async () => {
    const r = respond('hello', ['Content-Type', 'text/plain']);
    const copy = r.clone();
    expect(await copy.text()).toBe('hello');
    expect(copy.headers.get('content-type')).toBe('text/plain');
    const reader = (r.body as ReadableStream<Uint8Array>).getReader();
    const chunk = await reader.read();
    expect(new TextDecoder().decode(chunk.value)).toBe('hello');
    expect(r.bodyUsed).toBe(true);
    expect(new Uint8Array(await respond('ab').arrayBuffer())).toEqual(bytes('ab'));
    expect(await respond('ab').bytes()).toEqual(bytes('ab'));
    expect(await (await respond('ab').blob()).text()).toBe('ab');
  });

  it('a body read as text is read for the standard Response too', async () => {
    const r = respond('x');
    expect(await r.text()).toBe('x');
    expect(r.body).not.toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.bodyUsed).toBe(true);
    await expect(r.arrayBuffer()).rejects.toThrow('Body is unusable');
  });
});
