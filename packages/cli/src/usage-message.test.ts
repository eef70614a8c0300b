import { describe, expect, it } from '@jest/globals';
import { usageMessage } from './usage-message.js';

describe('usageMessage', () => {
  it.each([
    ['Unknown arguments: bogus-flag, bogusFlag', 'Unknown argument: bogus-flag'],
    ['Unknown arguments: bogus-flag, bogusFlag, other_one', 'Unknown arguments: bogus-flag, other_one'],
    ['Unknown arguments: a-b-c, aBC, x', 'Unknown arguments: a-b-c, x'],
    // A camel-cased flag the user typed that is no dashed flag's twin stays.
    ['Unknown argument: maxRetries', 'Unknown argument: maxRetries'],
    ['Missing required argument: suite', 'Missing required argument: suite'],
  ])('%s → %s', (given, said) => expect(usageMessage(given)).toBe(said));
});
