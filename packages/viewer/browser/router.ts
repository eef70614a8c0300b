/** Hash routes, so the same pages work when served and when the report is opened from disk. */

export type Route =
  | { readonly page: 'leaderboard' }
  | { readonly page: 'run'; readonly run: string }
  | { readonly page: 'instances'; readonly run: string; readonly params: URLSearchParams }
  | {
      readonly page: 'instance';
      readonly run: string;
      readonly id: string;
      readonly trial: number;
      readonly back: string;
    }
  | { readonly page: 'missing'; readonly hash: string };

const enc = encodeURIComponent;

export const runHref = (run: string): string => `#/run/${enc(run)}`;
export const instancesHref = (run: string, params = ''): string =>
  `#/run/${enc(run)}/instances${params ? `?${params}` : ''}`;
/** `back` = the list query the instance was opened from, so "back to the list" returns to the same page. */
export const instanceHref = (run: string, id: string, trial: number, back = ''): string =>
  `#/run/${enc(run)}/instance?id=${enc(id)}&trial=${trial}${back ? `&back=${enc(back)}` : ''}`;

/** The route of a location hash (`#/run/a%2Fb/instances?verdict=failed`). */
export function parseRoute(hash: string): Route {
  const body = hash.replace(/^#/, '') || '/';
  const q = body.indexOf('?');
  const path = q >= 0 ? body.slice(0, q) : body;
  const params = new URLSearchParams(q >= 0 ? body.slice(q + 1) : '');
  let parts: string[];
  try {
    parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return { page: 'missing', hash };
  }
  if (parts.length === 0) return { page: 'leaderboard' };
  if (parts[0] !== 'run' || parts.length < 2) return { page: 'missing', hash };
  const run = parts[1];
  if (parts.length === 2) return { page: 'run', run };
  if (parts.length === 3 && parts[2] === 'instances') return { page: 'instances', run, params };
  if (parts.length === 3 && parts[2] === 'instance') {
    const trial = Number(params.get('trial') ?? '0');
    return {
      page: 'instance',
      run,
      id: params.get('id') ?? '',
      trial: Number.isInteger(trial) ? trial : 0,
      back: params.get('back') ?? '',
    };
  }
  return { page: 'missing', hash };
}
