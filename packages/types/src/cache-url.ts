/**
 * The shared request cache's URL (docs/scale.md): `redis://HOST[:PORT][/DB]`, the form the factory writes into
 * run_config.yml, the cluster scripts and the engine's command line. Checked on both sides with this one function:
 * by config's rules and run_suite before anything is written, by the engine before it connects.
 */

/** The password comes from the environment, as redis-cli reads it, never from the URL (which lands in files). */
export const CACHE_PASSWORD_ENV = 'REDISCLI_AUTH';

/** What is wrong with `url` as a cache URL, with the fix (message and hint of EF_CACHE_URL); null when it is fine. */
export function cacheUrlProblem(url: string): { message: string; hint: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return malformed(url);
  }
  if (!['redis:', 'rediss:'].includes(parsed.protocol) || parsed.hostname === '' || !/^(\/\d*)?$/.test(parsed.pathname))
    return malformed(url);
  // A query or fragment is no part of redis://HOST[:PORT][/DB], and a client may read a password from it
  // (`?password=…`): refused without repeating it, as a model URL's is.
  if (parsed.search !== '' || parsed.hash !== '' || /[?#]/.test(url))
    return {
      message: 'the cache URL has a query (?…) or fragment (#…), which would be written to every run file',
      hint: `Write the cache as redis://HOST:PORT or redis://HOST:PORT/DB; a password goes in the environment variable ${CACHE_PASSWORD_ENV} (docs/scale.md).`,
    };
  if (parsed.password !== '')
    return {
      message: 'the cache URL holds a password',
      hint: `Remove it from the URL and set the environment variable ${CACHE_PASSWORD_ENV} instead (docs/scale.md).`,
    };
  return null;
}

function malformed(url: string): { message: string; hint: string } {
  // Whatever stands before an `@` may be credentials: it is not repeated in the message.
  const shown = url.replace(/\/\/[^/]*@/, '//…@');
  return {
    message: `cache ${JSON.stringify(shown)} is not redis://HOST[:PORT][/DB]`,
    hint: 'Write the cache as redis://HOST:PORT or redis://HOST:PORT/DB (docs/scale.md).',
  };
}
