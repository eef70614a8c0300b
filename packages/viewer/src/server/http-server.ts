/** `eval-factory serve`: the viewer over node:http, bound to 127.0.0.1 unless told otherwise. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UserError } from '@eval-factory/errors';
import type { RunCatalog } from '../data/catalog.js';
import { assetsDir, checkBrowserBuild } from './assets.js';
import { route } from './routes.js';

export interface ViewerServerOptions {
  readonly catalog: RunCatalog;
  /** Default 127.0.0.1: the viewer shows prompts and answers, which stay on this machine unless asked. */
  readonly host?: string;
  /** Default 0 (any free port). */
  readonly port?: number;
  /** Called for each request that failed inside the viewer (a bug or an unreadable file). */
  readonly onError?: (error: unknown) => void;
}

export interface ViewerServer {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Scripts only from this server, data only from its API, nothing from elsewhere (no CDN, no beacon). */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Host names a request may name: loopback ones, the bound host, or anything when bound to every interface. */
function hostAllowed(header: string | undefined, boundHost: string): boolean {
  if (boundHost === '0.0.0.0' || boundHost === '::') return true;
  if (!header) return false;
  const name = header.replace(/:\d+$/, '').toLowerCase();
  // A page on another site that rebinds its name to 127.0.0.1 sends its own name here: refused.
  return LOOPBACK_NAMES.has(name) || name === boundHost.toLowerCase() || `[${boundHost.toLowerCase()}]` === name;
}

async function handle(
  o: ViewerServerOptions,
  dir: string,
  host: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const headers = {
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...headers, allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('method not allowed\n');
    return;
  }
  if (!hostAllowed(req.headers.host, host)) {
    res
      .writeHead(421, { ...headers, 'content-type': 'text/plain' })
      .end('this viewer answers only to its own address\n');
    return;
  }
  try {
    const reply = await route(o.catalog, dir, new URL(req.url ?? '/', 'http://viewer.invalid'));
    res.writeHead(reply.status, {
      ...headers,
      'content-type': reply.type,
      'content-length': Buffer.byteLength(reply.body),
    });
    res.end(req.method === 'HEAD' ? undefined : reply.body);
  } catch (error) {
    o.onError?.(error);
    const message = error instanceof Error ? error.message : String(error);
    if (!res.headersSent) res.writeHead(500, { ...headers, 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: message }));
  }
}

/**
 * Starts the viewer and resolves once it listens. Throws EF_VIEWER_NOT_BUILT without the browser build and
 * EF_PORT_IN_USE when the port is taken.
 * @example const server = await startViewerServer({ catalog: RunCatalog.open(['results']), port: 8765 });
 */
export async function startViewerServer(o: ViewerServerOptions): Promise<ViewerServer> {
  const dir = assetsDir();
  checkBrowserBuild(dir);
  const host = o.host ?? '127.0.0.1';
  const server = createServer((req, res) => void handle(o, dir, host, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(
          new UserError(
            'EF_PORT_IN_USE',
            `port ${o.port} on ${host} is already in use`,
            'choose another with --port (0 picks a free one)',
          ),
        );
      else if (error.code === 'EACCES')
        reject(
          new UserError(
            'EF_PORT_IN_USE',
            `port ${o.port} on ${host}: permission denied (ports below 1024 need privileges)`,
            'choose another with --port (0 picks a free one)',
          ),
        );
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
        reject(
          new UserError(
            'EF_SERVE_HOST',
            `cannot listen on host ${host}: ${error.code}`,
            'use --host 127.0.0.1 (the default) or an address of this machine',
          ),
        );
      else reject(error);
    });
    server.listen(o.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  return {
    url: `http://${shown}:${port}/`,
    host,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
