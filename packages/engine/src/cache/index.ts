export { canonicalJson, sha256Hex } from './canonical-json.js';
export { cacheKey, CACHE_FORMAT_VERSION, type CacheKeyParts, type CacheNamespace } from './cache-key.js';
export {
  openSqliteCache,
  disabledCache,
  flushOpenCaches,
  type RequestCache,
  type CachedResponse,
} from './request-cache.js';
