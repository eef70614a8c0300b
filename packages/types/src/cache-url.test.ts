import { describe, expect, it } from '@jest/globals';
import { CACHE_PASSWORD_ENV, cacheUrlProblem } from './cache-url.js';

describe('cacheUrlProblem', () => {
  it.each([
    'redis://h:6379',
    'redis://h',
    'redis://h:1/2',
    'redis://h:6379/',
    'rediss://h:6380/0',
    'redis://user@h:6379', // a user name alone is no secret
  ])('accepts %s', (url) => expect(cacheUrlProblem(url)).toBeNull());
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
  it('names the environment variable a password goes in instead', () => {
    expect(cacheUrlProblem('redis://:pw@h:6379')?.hint).toContain(CACHE_PASSWORD_ENV);
  });

  it.each([
    ['h:6379', 'cache "h:6379" is not redis://HOST[:PORT][/DB]'],
    ['http://h:6379', 'cache "http://h:6379" is not redis://HOST[:PORT][/DB]'],
    ['redis://', 'cache "redis://" is not redis://HOST[:PORT][/DB]'],
    ['redis://h:6379/db', 'cache "redis://h:6379/db" is not redis://HOST[:PORT][/DB]'],
    ['redis://h:6379/1/2', 'cache "redis://h:6379/1/2" is not redis://HOST[:PORT][/DB]'],
    ['http://admin:SENTINELpw123@h:6379', 'cache "http://…@h:6379" is not redis://HOST[:PORT][/DB]'],
  ])('refuses %s as not a cache URL, never repeating what stands before an @: %s', (url, message) => {
    expect(cacheUrlProblem(url)).toEqual({ message, hint: expect.stringContaining('redis://HOST:PORT') });
  });
});
