/**
 * The text keyv stores for an entry, made faster. keyv's serialiser (@keyv/serialize) walks the value in JS and
 * builds the text piece by piece: several times JSON.stringify's time, for every answer stored. A cached answer is
 * plain JSON (a parsed response, a request body sent as JSON), where the two texts differ only at a string value
 * that starts with ':' (keyv adds one more ':' so that it never reads as its Buffer form, ':base64:…'). Such a value
 * shows in JSON.stringify's text as `":` right after `:`, `[` or `,`: a text without any of those is keyv's exactly;
 * a text with one (a key that ends in one of those characters also matches) is made by keyv's serialiser instead.
 */
const COLON_STRING_VALUE = /[:[,]":/;

export function storedText(entry: unknown, keyvSerialize: (entry: unknown) => string): string {
  const text = JSON.stringify(entry);
  return COLON_STRING_VALUE.test(text) ? keyvSerialize(entry) : text;
}
