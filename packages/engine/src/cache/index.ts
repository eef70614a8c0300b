export { canonicalJson, sha256Hex } from './canonical-json.js';
export {
  cacheKey,
  endpointCacheKey,
  CACHE_FORMAT_VERSION,
  type CacheKeyParts,
  type CacheNamespace,
} from './cache-key.js';
export {
  cachedAnswer,
  openSqliteCache,
  disabledCache,
  type RequestCache,
  type CachedResponse,
  type StoredAnswer,
} from './request-cache.js';
export { openRequestCache, unitCacheFiles, type CacheSetup } from './open-cache.js';
export { checkRedisUrl, openRedisCache } from './redis-cache.js';
export { layeredCache } from './layered-cache.js';
