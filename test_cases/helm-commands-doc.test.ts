/**
 * The HELM commands docs/reproduce-medhelm.md tells users to type are parsed by HELM's own argument parsers:
 * Python's argparse with the flags HELM's entry points declare (helm-summarize: summarize.py `main`; helm-server:
 * benchmark/server.py `main`). HELM itself is not installed here, so its flag declarations are restated below; the
 * parsing — prefix matching that makes `--schema` ambiguous between --schema-path and --schema-validation (exit 2)
 * — is argparse's own, run by python3. Skipped without python3.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { REPO_ROOT } from './support.js';

const PARSERS = `
import argparse, shlex, sys
def summarize():
    p = argparse.ArgumentParser()
    p.add_argument("-o", "--output-path", type=str, default="benchmark_output")
    p.add_argument("--schema-path", type=str)
    p.add_argument("--schema-validation", type=str, choices=["error", "warn", "off"], default="warn")
    p.add_argument("--suite", type=str)
    p.add_argument("--release", type=str)
    p.add_argument("--suites", type=str, nargs="+")
    p.add_argument("-n", "--num-threads", type=int, default=8)
    p.add_argument("--debug", action="store_true")
    p.add_argument("--skip-completed-run-display-json", action="store_true")
    p.add_argument("--local-path", type=str, default="prod_env")
    p.add_argument("--allow-unknown-models", type=bool, default=True)
    p.add_argument("--summarizer-class-name", type=str, default=None)
    p.add_argument("--log-config", type=str, default=None)
    p.add_argument("--auto-generate-schema", action="store_true")
    return p
def server():
    p = argparse.ArgumentParser()
    p.add_argument("-p", "--port", type=int, default=8000)
    p.add_argument("-o", "--output-path", type=str, default="benchmark_output")
    p.add_argument("--cache-output-path", type=str)
    p.add_argument("--suite", type=str)
    p.add_argument("--release", type=str)
    p.add_argument("--project", type=str)
    p.add_argument("--export-path", type=str)
    return p
words = shlex.split(sys.argv[1])
{"helm-summarize": summarize, "helm-server": server}[words[0]]().parse_args(words[1:])
`;

const python = spawnSync('python3', ['--version']).status === 0;
/** The command lines of the doc's code blocks that start HELM's summarize or server. */
const documented = [
  ...readFileSync(join(REPO_ROOT, 'docs', 'reproduce-medhelm.md'), 'utf8').matchAll(/```\w*\n([\s\S]*?)```/g),
]
  .flatMap((block) => block[1]!.split('\n'))
  .filter((line) => /^(helm-summarize|helm-server) /.test(line));

(python ? describe : describe.skip)("docs/reproduce-medhelm.md's HELM commands", () => {
  it('lists some', () => expect(documented.length).toBeGreaterThanOrEqual(4));

  it.each(documented)('%s parses with HELM’s flags', (line) => {
    const r = spawnSync('python3', ['-c', PARSERS, line.replace(/<(\w+)>/g, 'x')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('the ambiguous --schema is what HELM refuses (exit 2)', () => {
    const r = spawnSync('python3', ['-c', PARSERS, 'helm-summarize --schema s.yaml --suite S'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('ambiguous option');
  });
});
