/**
 * `auth` of one judges.yaml entry (docs/configuration.md#judges): written by model-configs, read by the engine, names
 * only, never values. `auto` is resolved at run time (env key, else OAuth, else fallbacks).
 */
export type JudgeAuth =
  | { readonly kind: 'auto'; readonly env: string; readonly service: string; readonly scope: string | null }
  | { readonly kind: 'api_key'; readonly env: string }
  /** The role's key variable (or its credentials-file entry) when set, else no credential; never OPENAI_API_KEY. */
  | { readonly kind: 'api_key_if_set'; readonly env: string }
  | { readonly kind: 'oauth'; readonly service: string; readonly scope: string | null }
  | { readonly kind: 'none' };
