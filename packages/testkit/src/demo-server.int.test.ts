import { describe, it, expect } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEMO_BANNER, startDemoServer } from './index.js';

const BIN = fileURLToPath(new URL('../dist/cli-bin.js', import.meta.url));

async function askMcq(url: string): Promise<string> {
  const res = await fetch(`${url}/chat/completions`, {
    method: 'POST',
    body: JSON.stringify({ model: 'demo', messages: [{ role: 'user', content: 'Q\nA. x\nB. y\nAnswer:' }] }),
  });
  return ((await res.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content;
}

describe('demo server', () => {
  it('startDemoServer answers with the demo answerer', async () => {
    const demo = await startDemoServer();
    try {
      expect(['A', 'B']).toContain(await askMcq(demo.url));
    } finally {
      await demo.close();
    }
  });

  // The bin runs from dist/, which `npm test` builds first; without a build this case is skipped, saying so.
  const built = existsSync(BIN);
  if (!built) process.stderr.write(`demo-server.int.test: one case SKIPPED, ${BIN} is not built (npm run build)\n`);
  (built ? it : it.skip)(
    `the fake-openai-server bin prints its URL and a DEMO banner, and stops on SIGTERM${built ? '' : ` (SKIPPED: ${BIN} is not built; run npm run build)`}`,
    async () => {
      const child = spawn(process.execPath, [BIN, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
        child.once('exit', () => reject(new Error(`bin exited early: ${stderr}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(['A', 'B']).toContain(await askMcq(url));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stderr).toContain(DEMO_BANNER);
    },
  );
});
