const SECRET_PREFIXES = ['sk-', 'nvapi-', 'Bearer '];

/** True when `value` starts like a key (`sk-`, `nvapi-`, `Bearer `). */
export function startsLikeSecret(value: string): boolean {
  return SECRET_PREFIXES.some((p) => value.startsWith(p));
}

/**
 * True when `value` has the shape of a pasted key rather than of an environment-variable name (docs/configuration.md):
 * a key prefix (`sk-`, `nvapi-`, `Bearer `), or a run of ≥ 32 letters and digits with both present.
 * @example looksLikeSecret('nvapi-abc…') // true; looksLikeSecret('NVIDIA_API_KEY') // false
 */
export function looksLikeSecret(value: string): boolean {
  if (startsLikeSecret(value)) return true;
  return (value.match(/[A-Za-z0-9]{32,}/g) ?? []).some((run) => /[A-Za-z]/.test(run) && /[0-9]/.test(run));
}
