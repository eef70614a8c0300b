import { readFileSync } from 'node:fs';

/** The eval-factory version (the cli package's, whose bin users run). */
export const EF_VERSION: string = (() => {
  try {
    return JSON.parse(readFileSync(new URL('../../cli/package.json', import.meta.url), 'utf8')).version as string;
  } catch {
    return '0.0.0';
  }
})();
