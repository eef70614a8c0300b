#!/usr/bin/env node
// The floor of a fully cached re-run: a bare process that opens the run's cache.db with the same SQLite driver,
// reads every stored answer, parses it and writes one line per answer to a file: what a cached re-run cannot avoid
// doing, with no framework around it. The caller times it from spawn to exit; prints the number of answers read.
// Usage: node bench/floor-cache.mjs <cache.db> <output file>
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';

const [dbPath, outPath] = process.argv.slice(2);
const sqlite3 = createRequire(import.meta.url)('sqlite3');
const db = new sqlite3.Database(dbPath, sqlite3.OPEN_READONLY);
const rows = await new Promise((resolve, reject) =>
  db.all('SELECT key, value FROM keyv', (error, result) => (error ? reject(error) : resolve(result))),
);
const out = createWriteStream(outPath);
for (const row of rows) out.write(`${JSON.stringify({ key: row.key, answer: JSON.parse(row.value) })}\n`);
await new Promise((resolve) => out.end(resolve));
db.close();
console.log(rows.length);
