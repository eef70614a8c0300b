/**
 * A fetch `Response` for a body already read into memory, which is all `createNodeFetch` ever has. A standard
 * `Response` (undici) wraps the bytes in a web stream and a `Headers` object only for the SDK to read them back
 * with `json()`: about a tenth of a request's CPU at hundreds of requests per second (docs/performance.md). This one
 * answers what the openai SDK and our error classes read — status, headers, `text()`, `json()` — straight from the
 * bytes; anything else (`body` as a stream, `blob()`, `clone()`…) gets a standard `Response` made from the same
 * bytes on first use, so a caller that needs the rest of fetch's surface still has it.
 */

// fetch decodes text as UTF-8 and drops a leading byte order mark; TextDecoder does both.
const utf8 = new TextDecoder();
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * A response's headers, read-only, as fetch's `Headers` presents them: case-insensitive, repeats joined by ", ".
 * Not a `Headers` to `instanceof` (`ResponseHeaders` below is).
 */
export class PlainHeaders {
  /**
   * [name, value] by name, as fetch's `Headers` iterates: names lower-cased and sorted, each set-cookie on its own.
   * Kept in order as they are read (a response has a handful), so no map is made and nothing sorted: the SDK
   * iterates every response's headers. The pairs are read-only (fetch's are fresh copies): copying them was a tenth
   * of the SDK's allocations.
   */
  readonly #pairs: (readonly [string, string])[] = [];

  /** @param raw Node's `rawHeaders`: name, value, name, value… */
  constructor(raw: readonly string[]) {
    for (let i = 0; i + 1 < raw.length; i += 2) this.#add(raw[i].toLowerCase(), trimHttpWhitespace(raw[i + 1]));
  }

  #add(name: string, value: string): void {
    const pairs = this.#pairs;
    let at = pairs.length;
    while (at > 0 && pairs[at - 1][0] > name) at--;
    const before = pairs[at - 1];
    if (before !== undefined && before[0] === name && name !== 'set-cookie') {
      pairs[at - 1] = pair(name, `${before[1]}, ${value}`);
      return;
    }
    const added = pair(name, value);
    pairs.push(added);
    for (let i = pairs.length - 1; i > at; i--) pairs[i] = pairs[i - 1];
    pairs[at] = added;
  }

  // Indexed loops, not for…of with [name, value]: destructuring a pair walks it with an iterator object per pair.
  get(name: string): string | null {
    const key = String(name).toLowerCase();
    const pairs = this.#pairs;
    let found: string | null = null;
    // Only set-cookie repeats here; fetch joins its values too.
    for (let i = 0; i < pairs.length; i++)
      if (pairs[i][0] === key) found = found === null ? pairs[i][1] : `${found}, ${pairs[i][1]}`;
    return found;
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  getSetCookie(): string[] {
    return this.#pairs.filter(([n]) => n === 'set-cookie').map(([, value]) => value);
  }

  entries(): IterableIterator<[string, string]> {
    return (this.#pairs as [string, string][])[Symbol.iterator]();
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.#pairs) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.#pairs) yield value;
  }

  forEach(callback: (value: string, name: string, headers: PlainHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this.#pairs) callback.call(thisArg, value, name, this);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  /** A standard `Headers` with the same entries, for a standard `Response`. */
  toHeaders(): Headers {
    const headers = new Headers();
    for (const [name, value] of this.entries()) headers.append(name, value);
    return headers;
  }

  // A response's headers cannot change: fetch's throw `TypeError: immutable` too.
  append(): never {
    throw new TypeError('immutable');
  }

  set(): never {
    throw new TypeError('immutable');
  }

  delete(): never {
    throw new TypeError('immutable');
  }

  /** What `console.log` and `util.inspect` show (fetch's Headers print their entries too). */
  [Symbol.for('nodejs.util.inspect.custom')](): Record<string, string> {
    return Object.fromEntries(this.#pairs.map(([name]) => [name, this.get(name) as string]));
  }
}

const pair = (name: string, value: string) => Object.freeze([name, value]) as [string, string];

const isHttpWhitespace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** fetch trims HTTP whitespace only (tab, CR, LF, space), not every Unicode space as String.trim does. */
function trimHttpWhitespace(value: string): string {
  // Node's parser has trimmed most values already: the pattern only runs for one that still needs it.
  if (value === '' || (!isHttpWhitespace(value.charCodeAt(0)) && !isHttpWhitespace(value.charCodeAt(value.length - 1))))
    return value;
  return value.replace(HTTP_WHITESPACE, '');
}

/**
 * Headers that are a `Headers` to `instanceof`, as a fetch response's are (Headers.prototype is on their prototype
 * chain, in place of PlainHeaders'): what tells headers apart that way reads these as headers, such as the SDK's
 * debug log (`OPENAI_LOG=debug`), which shows plain ones as `{}`. Every method is PlainHeaders' own, so none of
 * undici's, which need a real `Headers`'s internal slots, is ever reached; no `Headers` is constructed.
 */
export class ResponseHeaders extends PlainHeaders {}
// PlainHeaders' constructor sets the pairs (a private field goes on the instance whatever its prototype); its methods
// are copied here because Headers.prototype takes PlainHeaders.prototype's place, so a ResponseHeaders is not a
// PlainHeaders to instanceof. Safe as long as no method uses `super` and every method of Headers is overridden:
// loaded-response.test.ts fails when a Node update adds one to Headers that PlainHeaders lacks.
Object.setPrototypeOf(ResponseHeaders.prototype, Headers.prototype);
for (const key of Reflect.ownKeys(PlainHeaders.prototype))
  if (key !== 'constructor')
    Object.defineProperty(
      ResponseHeaders.prototype,
      key,
      Reflect.getOwnPropertyDescriptor(PlainHeaders.prototype, key) as PropertyDescriptor,
    );

export class LoadedResponse {
  readonly ok: boolean;
  readonly redirected = false;
  readonly type = 'basic';
  readonly headers: PlainHeaders;
  #bytes: Uint8Array | null;
  readonly #hasBody: boolean;
  #used = false;
  #standard: Response | null = null;

  /** `bytes` null: a response without a body (HEAD, 204, 304…). */
  constructor(
    readonly status: number,
    readonly statusText: string,
    headers: PlainHeaders,
    bytes: Uint8Array | null,
    readonly url: string,
  ) {
    this.ok = status >= 200 && status <= 299;
    this.headers = headers;
    this.#bytes = bytes;
    this.#hasBody = bytes !== null;
  }

  get bodyUsed(): boolean {
    return this.#standard ? this.#standard.bodyUsed : this.#used;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.#asStandard().body;
  }

  text(): Promise<string> {
    if (this.#standard) return this.#standard.text();
    try {
      return Promise.resolve(utf8.decode(this.#take()));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Parsed at once, without waiting on `text()` first (the SDK reads every answer this way). */
  json(): Promise<unknown> {
    if (this.#standard) return this.#standard.json();
    try {
      return Promise.resolve(JSON.parse(utf8.decode(this.#take())));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#asStandard().arrayBuffer();
  }

  bytes(): Promise<Uint8Array> {
    return (this.#asStandard() as Response & { bytes(): Promise<Uint8Array> }).bytes();
  }

  blob(): Promise<Blob> {
    return this.#asStandard().blob();
  }

  formData(): Promise<FormData> {
    return this.#asStandard().formData();
  }

  clone(): Response {
    return this.#asStandard().clone();
  }

  /** The bytes, once: a second read fails as fetch's does (a response without a body reads as empty each time). */
  #take(): Uint8Array {
    if (!this.#hasBody) return new Uint8Array(0);
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    const bytes = this.#bytes ?? new Uint8Array(0);
    this.#bytes = null;
    return bytes;
  }

  /** The standard Response every other member delegates to from then on (its body read already if ours was). */
  #asStandard(): Response {
    if (this.#standard) return this.#standard;
    const init = { status: this.status, statusText: this.statusText, headers: this.headers.toHeaders() };
    const standard = new Response(this.#hasBody ? (this.#bytes ?? new Uint8Array(0)) : null, init);
    if (this.#used && this.#hasBody) void standard.arrayBuffer().catch(() => {});
    this.#bytes = null;
    this.#standard = standard;
    return standard;
  }
}
