#!/usr/bin/env node
// The floor of a run on this machine: a bare loop, no SDK and no engine, sending `n` chat requests with `p` in
// flight to the loopback fake server with `node:http` and a keep-alive agent (the transport the engine uses), or
// with Node's `fetch`. The caller times the process from spawn to exit (what a run is timed by); this prints, as one
// JSON line, the loop's own time, the process's CPU time spent in the loop and its CPU time in all.
// Usage: node bench/floor-loop.mjs <base url> <n> <p> [model] [http|fetch]
import http from 'node:http';

const [base, n, p, model = 'fake-model', transport = 'http'] = process.argv.slice(2);
const url = `${base}/chat/completions`;
const body = JSON.stringify({
  model,
  messages: [{ role: 'user', content: 'word '.repeat(220) }],
  max_tokens: 1,
  temperature: 0,
});
const agent = new http.Agent({ keepAlive: true });
const viaFetch = async () =>
  (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json();
const viaHttp = () =>
  new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (c) => (text += c))
        .on('end', () => resolve(JSON.parse(text)))
        .on('error', reject);
    });
    req.on('error', reject).end(body);
  });
const send = transport === 'fetch' ? viaFetch : viaHttp;

const cpu0 = process.cpuUsage();
const t0 = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: Number(p) }, async () => {
    while (next < Number(n)) {
      next++;
      await send();
    }
  }),
);
const cpu = process.cpuUsage(cpu0);
const all = process.cpuUsage();
console.log(
  JSON.stringify({
    loopMs: performance.now() - t0,
    loopCpuMs: (cpu.user + cpu.system) / 1000,
    totalCpuMs: (all.user + all.system) / 1000,
  }),
);
agent.destroy();
