/**
 * A real `redis-server` (the Debian package) on 127.0.0.1 at a free port, for tests of the shared cache
 * (docs/scale.md). Nothing is persisted: no RDB snapshot, no append-only file, its folder is a temp dir.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  /** SIGKILL: the server vanishes the way a crashed node does. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** The redis-server binary on PATH (or in /usr/sbin, /usr/bin), or null: tests then skip, saying why. */
export function findRedisServer(): string | null {
  for (const candidate of ['redis-server', '/usr/bin/redis-server', '/usr/sbin/redis-server']) {
    const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

/** A port nobody listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts redis-server and resolves once it accepts connections (PING answered). */
export async function startRedisServer(binary = findRedisServer()): Promise<RedisServer> {
  if (binary === null) throw new Error('redis-server is not installed');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ef-redis-'));
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPing(port, 10_000);
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    process: child,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

async function waitForPing(port: number, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await ping(port)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server on port ${port} did not answer PING within ${limitMs} ms`);
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
  });
}
