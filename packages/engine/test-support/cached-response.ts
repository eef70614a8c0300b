/** A stored answer as the request cache holds one (CachedResponse), for the cache's tests. */
export const SAMPLE_ANSWER = Object.freeze({
  request: { a: 1 },
  response: { choices: [] },
  request_time_s: 0.5,
  created_at: 'now',
  engine_version: '0',
});
