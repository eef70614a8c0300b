// The first lines of the engine's snapshot script (scripts/snapshot.mjs puts them before the bundle). While the
// snapshot is built, module-level code must not take anything of the process it runs in, since the heap it leaves is
// what every engine starts from:
// - a read of `process.env` would be the build's value, not the run's: each variable read is listed in
//   snapshot-build.json, and snapshot.mjs then keeps no blob (one read is harmless: yargs' minimum Node version,
//   checked against this Node, the only one that can use the blob), and so is a copy or a list of all of it; a module
//   that keeps `process.env` itself keeps this Proxy (yargs-parser does), which reads the live environment and only
//   goes on noting into a set no one reads;
// - a random draw (Math.random, node:crypto's) would be the same in every started engine (V8 keeps Math.random's
//   state, Node its cache of random bytes for UUIDs): each is listed there too, and snapshot.mjs keeps no blob;
// - the time (Date.now, new Date()), web crypto's random values, the working, home and temporary folders and stdio
//   (whose width yargs' shim keeps: harmless, snapshot.mjs's HARMLESS_READS) would be the build's: each read is
//   listed there too, with the module that made it, and snapshot.mjs keeps no blob;
// - a file read would be its content at build time: each file read is listed there too, and the executor uses the
//   blob only while none of them is newer (packages/executor/src/spawn/engine-snapshot.ts);
// - Node's fetch `Headers` would load undici and node:http, which a Node 20 snapshot cannot hold: it is a stand-in
//   while building, linked to the real one when a started engine first uses it (the engine's responses need only
//   `instanceof Headers` to hold: packages/engine/src/clients/loaded-response.ts).
const snapshot = require('node:v8').startupSnapshot;
const fs = require('node:fs');
const { fileURLToPath } = require('node:url');

// Taken now: a bundled module's own top-level `__dirname` (yargs' ESM shim) is the same variable, set later.
const scriptDir = __dirname;

const envRead = new Set();
const envHarmless = new Set(['YARGS_MIN_NODE_VERSION']);
const env = process.env;
const noteEnv = (key) => typeof key === 'string' && !envHarmless.has(key) && envRead.add(key);
process.env = new Proxy(env, {
  get: (target, key) => (noteEnv(key), Reflect.get(target, key)),
  has: (target, key) => (noteEnv(key), Reflect.has(target, key)),
  // `{ ...process.env }`, `Object.keys(process.env)`: the whole environment.
  ownKeys: (target) => (envRead.add('*'), Reflect.ownKeys(target)),
  getOwnPropertyDescriptor: (target, key) => (noteEnv(key), Reflect.getOwnPropertyDescriptor(target, key)),
});

// Each read of the process's state, with the script's line of each frame of its stack (snapshot.mjs names the module).
const processRead = [];
function noteRead(what) {
  // Node leaves no stackTraceLimit while it builds a snapshot, and sets its own when it starts one only if none is
  // there: so no own property may be left behind.
  const limit = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
  Error.stackTraceLimit = 50;
  // Each frame's line in the script, 0 for one outside it (Node's own code).
  const lines = (new Error().stack ?? '')
    .split('\n')
    .slice(1)
    .map((frame) => Number(/ef-bench\.cjs:(\d+):/.exec(frame)?.[1] ?? 0));
  if (limit) Object.defineProperty(Error, 'stackTraceLimit', limit);
  else delete Error.stackTraceLimit;
  processRead.push({ what, lines });
}
const os = require('node:os');
const restores = [];
function wrapCall(owner, key, what) {
  const real = owner[key];
  owner[key] = function readNoted(...args) {
    noteRead(what);
    return real.apply(this, args);
  };
  restores.push(() => {
    owner[key] = real;
  });
}
wrapCall(Date, 'now', 'Date.now()');
wrapCall(process, 'cwd', 'process.cwd()');
wrapCall(os, 'homedir', 'os.homedir()');
wrapCall(os, 'tmpdir', 'os.tmpdir()');
for (const key of ['randomUUID', 'getRandomValues']) wrapCall(globalThis.crypto, key, `crypto.${key}`);
const RealDate = Date;
globalThis.Date = new Proxy(RealDate, {
  construct(target, args, newTarget) {
    if (args.length === 0) noteRead('new Date()');
    return Reflect.construct(target, args, newTarget === globalThis.Date ? target : newTarget);
  },
  apply: (target, self, args) => (noteRead('Date()'), Reflect.apply(target, self, args)),
});
restores.push(() => {
  globalThis.Date = RealDate;
});
for (const key of ['stdin', 'stdout', 'stderr']) {
  const real = Object.getOwnPropertyDescriptor(process, key);
  Object.defineProperty(process, key, {
    configurable: true,
    enumerable: real.enumerable,
    get() {
      noteRead(`process.${key}`);
      return real.get.call(process);
    },
  });
  restores.push(() => Object.defineProperty(process, key, real));
}

const randomDrawn = new Set();
const draws = [
  [Math, 'random', 'Math.random'],
  ...['randomUUID', 'randomBytes', 'randomInt', 'randomFillSync'].map((k) => [
    require('node:crypto'),
    k,
    `crypto.${k}`,
  ]),
];
const drawFunctions = draws.map(([owner, key, name]) => {
  const real = owner[key];
  owner[key] = function drawNoted(...args) {
    randomDrawn.add(name);
    return real.apply(this, args);
  };
  return real;
});

const filesRead = new Set();
const readFileSync = fs.readFileSync;
fs.readFileSync = function readFileSyncNoted(file, ...rest) {
  if (typeof file === 'string' || file instanceof URL) filesRead.add(file instanceof URL ? fileURLToPath(file) : file);
  return readFileSync.call(this, file, ...rest);
};

const headers = Object.getOwnPropertyDescriptor(globalThis, 'Headers');
const standIn = function Headers() {
  throw new TypeError('Headers used while building the start-up snapshot');
};
Object.defineProperty(globalThis, 'Headers', { value: standIn, writable: true, configurable: true });

snapshot.addSerializeCallback(() => {
  process.env = env;
  fs.readFileSync = readFileSync;
  for (const restore of restores) restore();
  draws.forEach(([owner, key], i) => {
    owner[key] = drawFunctions[i];
  });
  // Written, not thrown: Node still writes the blob when a serialize callback throws.
  const found = { envRead: [...envRead], randomDrawn: [...randomDrawn], filesRead: [...filesRead], processRead };
  fs.writeFileSync(`${scriptDir}/snapshot-build.json`, JSON.stringify(found));
});
// Linked on first use, as Node loads its own `Headers` on first use (a prestarted engine does while it waits for its
// command line): any `instanceof Headers` reads the global first, so it links the stand-in before it looks.
snapshot.addDeserializeCallback(() => {
  Object.defineProperty(globalThis, 'Headers', {
    configurable: true,
    enumerable: headers.enumerable,
    get() {
      Object.defineProperty(globalThis, 'Headers', headers);
      const real = globalThis.Headers;
      Object.setPrototypeOf(standIn.prototype, real.prototype);
      return real;
    },
    set(value) {
      Object.defineProperty(globalThis, 'Headers', { value, writable: true, configurable: true });
    },
  });
});
