import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerSecret, UserError } from '@eval-factory/errors';
import type { StoredToken } from './oauth-token-request.js';
import { isWithin, type PlatformInfo } from './paths.js';

/**
 * `$EVAL_FACTORY_TOKEN_DIR`, else `$XDG_CACHE_HOME/eval-factory/tokens`, else `~/.cache/eval-factory/tokens`
 * (Windows `%LOCALAPPDATA%\eval-factory\tokens`). §9
 */
export function tokenDirectory(p: PlatformInfo): string {
  if (p.env.EVAL_FACTORY_TOKEN_DIR) return p.env.EVAL_FACTORY_TOKEN_DIR;
  if (p.platform === 'win32')
    return join(p.env.LOCALAPPDATA ?? join(p.home, 'AppData', 'Local'), 'eval-factory', 'tokens');
  return join(p.env.XDG_CACHE_HOME || join(p.home, '.cache'), 'eval-factory', 'tokens');
}

const ownerOnly = (mode: number) => (mode & 0o077) === 0;

/**
 * `{service}_oauth_token.json` files: directory 0700, file 0600, written atomically (temp file + rename), never in
 * the output folder. A file is trusted only when it is owner-only; trouble with the disk cache is a warning (the
 * token still works from memory), never a failed run.
 */
export class TokenStore {
  constructor(
    readonly dir: string,
    private readonly opts: { platform: NodeJS.Platform; warn: (code: string, message: string) => void },
  ) {}

  static create(p: PlatformInfo, outputDir: string, warn: (code: string, message: string) => void): TokenStore {
    const dir = tokenDirectory(p);
    if (isWithin(dir, outputDir)) {
      throw new UserError(
        'EF_TOKEN_DIR',
        `the OAuth token folder ${dir} is inside the output folder ${outputDir}`,
        'set EVAL_FACTORY_TOKEN_DIR to a folder outside the output folder (or unset it)',
      );
    }
    return new TokenStore(dir, { platform: p.platform, warn });
  }

  fileOf(service: string): string {
    return join(this.dir, `${service.replace(/[^A-Za-z0-9_-]/g, '_')}_oauth_token.json`);
  }

  /** The stored token of `service`, or null when absent, not owner-only or unreadable. */
  read(service: string): StoredToken | null {
    const file = this.fileOf(service);
    if (!existsSync(file)) return null;
    try {
      if (this.posix && (!ownerOnly(statSync(file).mode) || !ownerOnly(statSync(this.dir).mode))) {
        this.opts.warn(
          'EF_TOKEN_CACHE',
          `ignoring the OAuth token file ${file}: it or its folder is readable by other users (chmod 700 the folder, 600 the file)`,
        );
        return null;
      }
      const t = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredToken>;
      if (typeof t.access_token !== 'string' || typeof t.expires_at !== 'number') return null;
      registerSecret(t.access_token);
      return t as StoredToken;
    } catch {
      return null;
    }
  }

  write(service: string, token: StoredToken): void {
    const file = this.fileOf(service);
    const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      if (!existsSync(this.dir)) {
        mkdirSync(this.dir, { recursive: true, mode: 0o700 });
        if (this.posix) chmodSync(this.dir, 0o700); // mkdir's mode is filtered by the umask
      } else if (this.posix && !ownerOnly(statSync(this.dir).mode)) {
        // Never chmod a folder we did not create (it could be /tmp): just do not store the token there.
        this.opts.warn(
          'EF_TOKEN_CACHE',
          `not storing the OAuth token in ${this.dir}: the folder is readable by other users (chmod 700 it)`,
        );
        return;
      }
      writeFileSync(temp, `${JSON.stringify(token, null, 2)}\n`, { encoding: 'utf8', mode: 0o600, flag: 'wx' });
      if (this.posix) chmodSync(temp, 0o600);
      renameSync(temp, file);
    } catch (error) {
      rmSync(temp, { force: true });
      this.opts.warn(
        'EF_TOKEN_CACHE',
        `could not store the OAuth token in ${this.dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  }

  private get posix(): boolean {
    return this.opts.platform !== 'win32';
  }
}
