/**
 * A judge moved to another host keeps nothing meant for the default one (docs/configuration.md#judges).
 * framework.yml's roster pairs each judge's URL with a provider (claude: nvidia_anthropic) and an auth chain (auto:
 * OAuth against NVIDIA's token service). A run_config that sets only `url` and `model_id` to a local server used to
 * keep both, and failed three times over. When a judge's host differs from its default host, the fields the user did
 * not write themselves fall back to what suits any OpenAI-compatible server: provider `openai_compatible`, auth
 * `api_key_if_set` (the role's key variable when it is set, otherwise no credential), no OAuth service or scope.
 */
import { isPlainObject, type Layer } from './merge.js';
import type { OverrideAssignment } from './overrides.js';

const JUDGES_PATH = ['config', 'params', 'extra', 'judges'] as const;

/** What a moved judge gets for each field it did not set (null: the key is left out). */
export const REHOMED_DEFAULTS: Readonly<Record<string, string | null>> = {
  provider: 'openai_compatible',
  auth: 'api_key_if_set',
  oauth_service: null,
  oauth_scope: null,
  auth_header: null,
};

function at(layer: unknown, path: readonly string[]): unknown {
  let node: unknown = layer;
  for (const key of path) node = isPlainObject(node) ? node[key] : undefined;
  return node;
}

function hostOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    return new URL(url.trim()).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Whether the run_config or an override wrote `judges.<role>.<field>` (at any depth of the override's path). */
function userWrote(
  userLayers: readonly Layer[],
  assignments: readonly OverrideAssignment[],
  role: string,
  field: string,
): boolean {
  const full = [...JUDGES_PATH, role, field];
  if (userLayers.some((layer) => at(layer, full) !== undefined && at(layer, full) !== null)) return true;
  return assignments.some((a) => {
    if (a.path.length > full.length || !a.path.every((segment, i) => segment === full[i])) return false;
    const written = at(a.value, full.slice(a.path.length));
    return written !== undefined && written !== null;
  });
}

/**
 * Returns `merged` with every judge whose URL host differs from its default (`defaults`: framework and task layers
 * merged) stripped of the inherited provider/auth fields. Judges with no default URL, or on their default host, are
 * unchanged. `merged` is not modified.
 */
export function rehomeMovedJudges(
  merged: Layer,
  defaults: Layer,
  userLayers: readonly Layer[],
  assignments: readonly OverrideAssignment[],
): Layer {
  const judges = at(merged, JUDGES_PATH);
  if (!isPlainObject(judges)) return merged;
  let changed = false;
  const next: Layer = { ...judges };
  for (const [role, judge] of Object.entries(judges)) {
    if (!isPlainObject(judge)) continue;
    const defaultHost = hostOf(at(defaults, [...JUDGES_PATH, role, 'url']));
    const host = hostOf(judge.url);
    if (defaultHost === null || host === null || host === defaultHost) continue;
    const moved: Layer = { ...judge };
    for (const [field, value] of Object.entries(REHOMED_DEFAULTS)) {
      if (userWrote(userLayers, assignments, role, field)) continue;
      if (value === null) delete moved[field];
      else moved[field] = value;
    }
    next[role] = moved;
    changed = true;
  }
  if (!changed) return merged;
  const config = merged.config as Layer;
  const params = config.params as Layer;
  const extra = params.extra as Layer;
  return { ...merged, config: { ...config, params: { ...params, extra: { ...extra, judges: next } } } };
}
