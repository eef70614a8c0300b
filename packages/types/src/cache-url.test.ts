import { describe, expect, it } from '@jest/globals';
import { cacheUrlProblem } from './cache-url.js';

describe('cacheUrlProblem', () => {
  it.each(['redis://h:6379', 'redis://h', 'redis://h:1/2', 'rediss://h:6380/0'])('accepts %s', (url) =>
    expect(cacheUrlProblem(url)).toBeNull());
  it.each([
    'redis://h:6379/0?password=SENTINELpw123',
    'redis://h:6379?password=SENTINELpw123',
    'redis://h:6379/0#SENTINELpw123',
    'rediss://h/0?',
    'redis://h/0#',
  ])('27.8 refuses a query or fragment, without repeating it: %s', (url) => {
    const problem = cacheUrlProblem(url);
    expect(problem?.message).toMatch(/query|fragment/);
    expect(JSON.stringify(problem)).not.toContain('SENTINELpw123');
  });
  it('refuses a password in the userinfo, without repeating it', () => {
    const problem = cacheUrlProblem('redis://:SENTINELpw123@h:6379');
    expect(problem?.message).toMatch(/password/);
    expect(JSON.stringify(problem)).not.toContain('SENTINELpw123');
  });
});
