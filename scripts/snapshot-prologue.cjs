// The first lines of the engine's snapshot script (scripts/snapshot.mjs puts them before the bundle). While the
// snapshot is built, module-level code must not take anything of the process it runs in, since the heap it leaves is
// what every engine starts from:
// - a read of `process.env` would be the build's value, not the run's: each variable read is listed in
//   snapshot-build.json, and snapshot.mjs then keeps no blob (one read is harmless: yargs' minimum Node version,
//   checked against this Node, the only one that can use the blob);
// - a random draw (Math.random, node:crypto's) would be the same in every started engine (V8 keeps Math.random's
//   state, Node its cache of random bytes for UUIDs): each is listed there too, and snapshot.mjs keeps no blob;
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
});

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
  draws.forEach(([owner, key], i) => {
    owner[key] = drawFunctions[i];
  });
  // Written, not thrown: Node still writes the blob when a serialize callback throws.
  const found = { envRead: [...envRead], randomDrawn: [...randomDrawn], filesRead: [...filesRead] };
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
