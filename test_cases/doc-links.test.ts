/**
 * Users have the repository, not the specification: every doc path that an error hint, a doc page, the
 * README, framework.yml or an example config cites must exist here (with its #anchor, when it names one), and none
 * may send users to the spec's own files (the specification lives outside the repository).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { REPO_ROOT } from './support.js';

function walk(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (['node_modules', 'dist', 'generated', 'fixture', 'fixtures'].includes(name)) return [];
    return statSync(path).isDirectory() ? walk(path, keep) : keep(path) ? [path] : [];
  });
}

const docs = [...walk(join(REPO_ROOT, 'docs'), (p) => p.endsWith('.md')), join(REPO_ROOT, 'README.md')];
const userFacing = [
  ...docs,
  join(REPO_ROOT, 'framework.yml'),
  ...walk(join(REPO_ROOT, 'configs'), (p) => /\.ya?ml$/.test(p)),
];
/** Every source file, tests and comments included: the next engineer reads them without the specification too. */
const sources = [
  ...walk(
    join(REPO_ROOT, 'packages'),
    (p) => /\.(ts|mjs|js)$/.test(p) && (p.includes('/src/') || p.includes('/test-support/')),
  ),
  ...walk(join(REPO_ROOT, 'test_cases'), (p) => p.endsWith('.ts')),
  ...walk(join(REPO_ROOT, 'scripts'), (p) => /\.(mjs|ts)$/.test(p)),
  ...walk(join(REPO_ROOT, 'bench'), (p) => p.endsWith('.mjs')),
].filter((p) => !p.endsWith('doc-links.test.ts'));
const codeLines = (file: string) => readFileSync(file, 'utf8').split('\n');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
const anchorsOf = (file: string) =>
  new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('#'))
      .map((l) =>
        l
          .replace(/^#+\s*/, '')
          .toLowerCase()
          .replace(/[^\w\s-]/g, '')
          .replace(/\s/g, '-'),
      ),
  );

/** Markdown with fenced blocks and inline code removed (a regex there is not a link). */
const withoutCode = (text: string) => text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

function checkTarget(target: string, from: string): string | null {
  const [path, anchor] = target.split('#');
  if (/^(https?:|mailto:)/.test(target) || path === '') return null;
  const file = resolve(from, path!);
  if (!existsSync(file)) return `${target} (no such file)`;
  if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) return `${target} (no heading #${anchor})`;
  return null;
}

describe('doc paths users are sent to exist', () => {
  it('markdown links in docs and README resolve, anchors included', () => {
    const broken = docs.flatMap((file) =>
      [...withoutCode(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => checkTarget(m[1]!, dirname(file)))
        .filter(Boolean)
        .map((b) => `${relative(REPO_ROOT, file)}: ${b}`),
    );
    expect(broken).toEqual([]);
  });

  it('docs/… paths in hints, messages, framework.yml and configs resolve', () => {
    const files = [
      ...sources.map((f) => [f, codeLines(f).join('\n')] as const),
      ...userFacing.map((f) => [f, readFileSync(f, 'utf8')] as const),
    ];
    const broken = files.flatMap(([file, text]) =>
      [...text.matchAll(/\bdocs\/[\w./-]+\.md(#[\w-]+)?/g)]
        .map((m) => checkTarget(m[0], REPO_ROOT))
        .filter(Boolean)
        .map((b) => `${relative(REPO_ROOT, file)}: ${b}`),
    );
    expect(broken).toEqual([]);
  });

  it('no doc names a ../shared path (outside the repository: a doc names the repository file, or what to put where)', () => {
    const outside = userFacing.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .filter((l) => l.includes('../shared'))
        .map((l) => `${relative(REPO_ROOT, f)}: ${l.trim()}`),
    );
    expect(outside).toEqual([]);
  });

  it('nothing a user reads cites the specification, which users do not have', () => {
    const spec =
      /(?<![\w/-])(eval-factory\.md|engine\.md|judges-and-auth\.md|benchmarks-2\.md|style\.md|benchmarks\.md §)/;
    const citing = [
      ...sources.flatMap((f) =>
        codeLines(f)
          .filter((l) => spec.test(l))
          .map((l) => `${relative(REPO_ROOT, f)}: ${l.trim()}`),
      ),
      ...userFacing.flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .filter((l) => spec.test(l))
          .map((l) => `${relative(REPO_ROOT, f)}: ${l.trim()}`),
      ),
    ];
    expect(citing).toEqual([]);
  });
});
