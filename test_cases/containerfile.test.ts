/**
 * The Containerfile's lists that must follow the repository: every npm workspace's manifest is copied before
 * `npm install` (a missing one would install without that workspace's dependencies), and framework.yml lands
 * under /opt/metadata/<framework name>/ for NeMo Evaluator's launcher (container.int.test.ts builds the image).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { REPO_ROOT } from './support.js';

const containerfile = readFileSync(join(REPO_ROOT, 'Containerfile'), 'utf8');

describe('Containerfile', () => {
  it('copies the manifest of every workspace before npm install', () => {
    const { workspaces } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    const install = containerfile.indexOf('RUN npm install');
    const copied = [...containerfile.slice(0, install).matchAll(/^COPY (packages\/[\w-]+)\/package\.json \1\/$/gm)];
    expect(copied.map((m) => m[1])).toEqual(workspaces);
  });

  it("puts framework.yml where the launcher reads it, under the framework's name", () => {
    const { framework } = parse(readFileSync(join(REPO_ROOT, 'framework.yml'), 'utf8'));
    expect(containerfile).toContain(
      `COPY --from=build /opt/eval-factory/framework.yml /opt/metadata/${framework.name}/framework.yml`,
    );
  });
});
