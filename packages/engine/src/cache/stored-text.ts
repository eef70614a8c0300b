import type Keyv from 'keyv';
import { InternalError } from '@eval-factory/errors';

/**
 * The text keyv stores for an entry, made faster. keyv's serialiser (@keyv/serialize) walks the value in JS and
 * builds the text piece by piece: several times JSON.stringify's time, for every answer stored. A cached answer is
 * plain JSON (a parsed response, a request body sent as JSON), where the two texts differ only
 * - at a string value that starts with ':' (keyv adds one more ':' so that it never reads as its Buffer form,
 *   ':base64:…'). Such a value shows in JSON.stringify's text as `":` right after `:`, `[` or `,`;
 * - at a Buffer, which keyv stores as ':base64:…' and JSON.stringify as `{"type":"Buffer","data":[…]}` (its toJSON).
 * A text without any of those is keyv's exactly; a text with one (a key that ends in `:`, `[` or `,`, or a plain
 * object of a Buffer's JSON shape, also matches) is made by keyv's serialiser instead.
 */
const NOT_PLAIN_JSON = /[:[,]":|\{"type":"Buffer","data":\[/;

export function storedText(entry: unknown, keyvSerialize: (entry: unknown) => string): string {
  const text = JSON.stringify(entry);
  return NOT_PLAIN_JSON.test(text) ? keyvSerialize(entry) : text;
}

/**
 * `keyv`'s serialiser as a function that gives text. Checked once, where the cache opens: a missing or asynchronous
 * serialiser would otherwise fail only when an answer already paid for is stored.
 */
export function keyvSerializer(keyv: Pick<Keyv, 'serialize'>): (entry: unknown) => string {
  const serialize = keyv.serialize;
  if (typeof serialize !== 'function' || typeof serialize({ value: 0 }) !== 'string')
    throw new InternalError("keyv's serialiser is missing or asynchronous: the request cache cannot store answers");
  return (entry) => serialize(entry as { value: unknown }) as string;
}
