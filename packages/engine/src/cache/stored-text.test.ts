import { Buffer } from 'node:buffer';
import { describe, expect, it } from '@jest/globals';
import Keyv from 'keyv';
import { prng, randomJsonValue } from '@eval-factory/testkit';
import { InternalError } from '@eval-factory/errors';
import { keyvSerializer, storedText } from './stored-text.js';

const keyvSerialize = keyvSerializer(new Keyv());

const RANDOM = {
  keys: ['a', 'B', '10', '0', '__proto__', 'é', 'a"b', 'x\ny', '', 'k:', 'k[', 'k,', ':k', '":', 'content'],
  strings: ['', 'plain', ':x', '::y', ':base64:AAEC', ':', 'a:b', 'a":', '[":', '\\":', 'quote " \\', '\u2028', 'é'],
  numbers: [0, -0, 1, 0.1 + 0.2, 1e21, 1e-7],
  maxDepth: 4,
  nullShare: 0.1,
};

describe('storedText', () => {
  it("is keyv's own text for 3000 random JSON values (strings starting with ':' anywhere, odd keys)", () => {
    const random = prng(5);
    for (let i = 0; i < 3000; i++) {
      const entry = { value: { response: randomJsonValue(random, RANDOM), request_time_s: i }, expires: undefined };
      expect(storedText(entry, keyvSerialize)).toBe(keyvSerialize(entry));
    }
  });

  it("leaves keyv's serialiser out for an answer without such strings", () => {
    let calls = 0;
    const counted = (entry: unknown) => {
      calls++;
      return keyvSerialize(entry);
    };
    const answer = {
      request: { model: 'm', messages: [{ role: 'user', content: 'Question: 2+2? Answer with A: 4 or B: 5' }] },
      response: { id: 'r1', choices: [{ index: 0, message: { role: 'assistant', content: 'A' } }] },
      request_time_s: 0.05,
    };
    expect(storedText({ value: answer, expires: undefined }, counted)).toBe(keyvSerialize({ value: answer }));
    expect(calls).toBe(0);
    const colon = { ...answer, response: { ...answer.response, choices: [':A'] } };
    expect(storedText({ value: colon, expires: undefined }, counted)).toBe(keyvSerialize({ value: colon }));
    expect(calls).toBe(1);
  });

  it("is keyv's own text for a Buffer (':base64:…', where JSON.stringify gives the Buffer's toJSON)", () => {
    const entry = {
      value: { response: { bytes: Buffer.from([0, 1, 2]), list: [Buffer.from('hi')] } },
      expires: undefined,
    };
    expect(storedText(entry, keyvSerialize)).toBe(keyvSerialize(entry));
  });

  it('refuses, when the cache opens, a keyv whose serialiser is missing or asynchronous', () => {
    expect(() => keyvSerializer({ serialize: undefined })).toThrow(InternalError);
    expect(() => keyvSerializer({ serialize: async (data) => JSON.stringify(data) })).toThrow(InternalError);
  });
});
