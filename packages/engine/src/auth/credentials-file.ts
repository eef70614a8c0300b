import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { registerSecret, UserError } from '@eval-factory/errors';
import { isWithin, type PlatformInfo } from './paths.js';

/** Settings that may live in the file but are not secrets (masking them would hide URLs and scopes in logs). */
const NOT_SECRET: ReadonlySet<string> = new Set(['OPENAI_TOKEN_URL', 'OPENAI_SCOPE']);

/** `$EVAL_FACTORY_CREDENTIALS`, else `~/.config/eval-factory/credentials.yaml` (Windows: `%APPDATA%`). §7.3 */
export function credentialsFilePath(p: PlatformInfo): { path: string; explicit: boolean } {
  const set = p.env.EVAL_FACTORY_CREDENTIALS;
  if (set) return { path: set, explicit: true };
  const base = p.platform === 'win32' ? (p.env.APPDATA ?? join(p.home, 'AppData', 'Roaming')) : join(p.home, '.config');
  return { path: join(base, 'eval-factory', 'credentials.yaml'), explicit: false };
}

/**
 * The optional credentials file: a YAML mapping from variable NAME to value. It is read on the first lookup only
 * (environment variables win, so a run whose variables are all set never opens it), refused when other users can
 * read it or when it sits where it could be committed or published (the output folder, a repository), and every
 * value in it is registered with the redactor as soon as it is read.
 */
export class CredentialsFile {
  private values: ReadonlyMap<string, string> | null = null;

  constructor(
    readonly path: string,
    private readonly opts: {
      explicit: boolean;
      platform: NodeJS.Platform;
      forbidden: readonly { dir: string; what: string }[];
    },
  ) {}

  static locate(p: PlatformInfo, forbidden: readonly { dir: string; what: string }[]): CredentialsFile {
    const { path, explicit } = credentialsFilePath(p);
    return new CredentialsFile(path, { explicit, platform: p.platform, forbidden });
  }

  /** The value stored under `name`, or undefined (no file, no entry, or an empty value). */
  get(name: string): string | undefined {
    this.values ??= this.load();
    const value = this.values.get(name);
    return value === '' ? undefined : value;
  }

  private load(): ReadonlyMap<string, string> {
    const { path } = this;
    if (!existsSync(path)) {
      if (this.opts.explicit) {
        throw new UserError(
          'EF_CREDENTIALS_FILE',
          `EVAL_FACTORY_CREDENTIALS names ${path}, which does not exist`,
          'fix the path or unset EVAL_FACTORY_CREDENTIALS',
        );
      }
      return new Map();
    }
    for (const { dir, what } of this.opts.forbidden) {
      if (isWithin(path, dir)) {
        throw new UserError(
          'EF_CREDENTIALS_LOCATION',
          `refusing the credentials file ${path}: it is inside ${what} (${dir})`,
          'move it to ~/.config/eval-factory/credentials.yaml (or set EVAL_FACTORY_CREDENTIALS to a path outside the output folder and any repository)',
        );
      }
    }
    const stat = statSync(path);
    if (!stat.isFile())
      throw new UserError(
        'EF_CREDENTIALS_FILE',
        `the credentials file ${path} is not a file`,
        'point EVAL_FACTORY_CREDENTIALS at a YAML file',
      );
    if (this.opts.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      const mode = (stat.mode & 0o777).toString(8).padStart(3, '0');
      throw new UserError(
        'EF_CREDENTIALS_PERMISSIONS',
        `refusing the credentials file ${path}: mode ${mode} lets other users read it`,
        `chmod 600 ${path}`,
      );
    }
    let doc: unknown;
    try {
      doc = parse(readFileSync(path, 'utf8'));
    } catch (error) {
      // The parser's message can quote a line of the file, i.e. a secret: report the position only.
      const pos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
      throw new UserError(
        'EF_CREDENTIALS_FILE',
        `the credentials file ${path} is not valid YAML${pos ? ` (line ${pos.line}, column ${pos.col})` : ''}`,
        'write one NAME: value pair per line',
      );
    }
    if (doc === null || doc === undefined) return new Map();
    if (typeof doc !== 'object' || Array.isArray(doc)) {
      throw new UserError(
        'EF_CREDENTIALS_FILE',
        `the credentials file ${path} is not a mapping of variable names to values`,
        'write one NAME: value pair per line',
      );
    }
    const values = new Map<string, string>();
    for (const [name, value] of Object.entries(doc as Record<string, unknown>)) {
      if (value === null) continue;
      if (typeof value !== 'string') {
        throw new UserError(
          'EF_CREDENTIALS_FILE',
          `the credentials file ${path}: the value of ${name} is not a string`,
          `quote the value: ${name}: "…"`,
        );
      }
      if (!NOT_SECRET.has(name)) registerSecret(value);
      values.set(name, value);
    }
    return values;
  }
}
