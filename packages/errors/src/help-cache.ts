/**
 * yargs renders the whole help text of a command right after starting its handler (`cacheHelpMessage`, so that a
 * `showHelp()` inside the handler shows that command's help). We never call `showHelp()` from a handler, and the
 * rendering (cliui + string-width over every option) costs ~15–20 ms on the path from `run_eval` to the first
 * request, once in the factory and once in the engine. Without the cache, help is rendered when it is shown.
 * Structural on purpose: if a yargs release drops the internal hook, the parser is left as it was.
 */
export function skipHelpCache<T>(parser: T): T {
  const usage = (
    parser as { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } } }
  )
    .getInternalMethods?.()
    .getUsageInstance?.();
  if (usage && typeof usage.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => undefined;
  return parser;
}
