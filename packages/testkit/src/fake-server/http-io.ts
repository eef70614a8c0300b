import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RecordedRequest } from './types.js';

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Parsed JSON, the raw text when it is not JSON, null when empty. */
export function parseBody(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Writes one response and stamps the request log entry. */
export interface Responder {
  send(status: number, body: unknown, headers?: Readonly<Record<string, string>>): void;
  /** A body written verbatim (garbage JSON). */
  sendRaw(status: number, text: string, headers?: Readonly<Record<string, string>>): void;
  reset(): void;
}

/** `done` is called once the request is no longer in flight: just before its response is written, or at a reset. */
export function makeResponder(res: ServerResponse, record: RecordedRequest, done: () => void = () => {}): Responder {
  const sendRaw = (status: number, text: string, headers: Readonly<Record<string, string>> = {}): void => {
    if (res.writableEnded || res.destroyed) return;
    done();
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(text);
    record.status = status;
    record.responded_at = new Date().toISOString();
  };
  return {
    sendRaw,
    send: (status, body, headers) => sendRaw(status, body === undefined ? '' : JSON.stringify(body), headers),
    // An RST rather than a FIN, so clients see ECONNRESET like a crashed proxy would cause.
    reset: () => {
      done();
      if (res.socket) res.socket.resetAndDestroy();
      else res.destroy();
    },
  };
}

const SECRET_HEADER = /auth|cookie|key|token|secret/i;

/** Request headers safe to keep in the log. */
export function safeHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!SECRET_HEADER.test(name) && value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
