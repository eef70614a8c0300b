/**
 * The image of the repository's Containerfile, built here with buildah (`--isolation chroot`) on a base made from
 * Debian's packages and this machine's Node (container-support.ts), then run the way NeMo Evaluator's launcher runs
 * a harness: its local executor starts `bash -c '<command>'` in the image with the task's folder at /results, and
 * the command (the launcher's `get_eval_factory_command`) writes config_ef.yaml into the working directory and runs
 * `eval-factory run_eval --run_config config_ef.yaml`. Also checks that framework.yml is where the launcher reads it:
 * a file under /opt/metadata/ in a layer under its 100 KB limit for metadata layers, searched from the last layer.
 * Skips, saying why, without root, buildah, podman or mmdebstrap.
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse, stringify } from 'yaml';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { containerUnavailable, ensureBaseImage, sh } from './container-support.js';
import { fixture, REPO_ROOT, tempDir } from './support.js';

const why = containerUnavailable();
if (why) process.stderr.write(`container.int.test: SKIPPED, cannot build images here: ${why}\n`);

/** The launcher's own limit for a layer it reads framework.yml from (container_metadata/loading.py). */
const MAX_METADATA_LAYER = 100 * 1024;

/** The launcher's `_str_to_echo_command`: the text travels base64-encoded through `bash -c '…'`. */
const echoTo = (text: string, file: string) => `echo "${Buffer.from(text).toString('base64')}" | base64 -d > ${file}`;

/** The command the launcher's `get_eval_factory_command` builds for a task (no pre_cmd / post_cmd). */
function launcherCommand(configEf: object): string {
  return [
    echoTo('', 'pre_cmd.sh'),
    echoTo('', 'post_cmd.sh'),
    echoTo(stringify(configEf), 'config_ef.yaml'),
    'cmd=$(command -v nemo-evaluator >/dev/null 2>&1 && echo nemo-evaluator || echo eval-factory) && source pre_cmd.sh && (trap "code=\\$?; source post_cmd.sh; exit \\$code" EXIT; $cmd run_eval --run_config config_ef.yaml)',
  ].join(' && ');
}

(why ? describe.skip : describe)('the container image under the launcher’s command form', () => {
  const work = tempDir('ef-container-');
  const image = `localhost/eval-factory-test:${process.pid}`;
  const results = join(work, 'artifacts');
  let server: FakeOpenAIServer;
  let container = '';
  let run: { stdout: string; failed: string | null } = { stdout: '', failed: null };

  beforeAll(async () => {
    server = await startFakeOpenAIServer({ answer: () => 'A' });
    const base = await ensureBaseImage(work);
    process.stderr.write(`container.int.test: base ${base.name} (${base.reused ? 'reused' : 'built'})\n`);
    await sh('buildah', [
      'bud',
      '--layers', // one layer per instruction, as docker builds: framework.yml's own small layer
      '--isolation',
      'chroot',
      '--pull=never',
      '--build-arg',
      `BASE=${base.name}`,
      '-t',
      image,
      '-f',
      join(REPO_ROOT, 'Containerfile'),
      REPO_ROOT,
    ]);
    container = (await sh('buildah', ['from', '--pull=never', image])).trim();
    mkdirSync(results);
    chmodSync(results, 0o777); // the launcher makes the task's artifacts folder 777 too (run.template.sh)
    const configEf = {
      config: {
        type: 'pubmed_qa',
        output_dir: '/results',
        params: { limit_samples: 3, parallelism: 2, extra: { data_path: '/data/pubmed_qa' } },
      },
      target: {
        api_endpoint: {
          url: server.url,
          model_id: 'served-model',
          type: 'chat',
          adapter_config: {
            interceptors: [
              { name: 'system_message', config: { system_message: 'Answer with one letter.' } },
              { name: 'caching', config: { cache_dir: '/results/cache', reuse_cached_responses: true } },
              'endpoint',
            ],
          },
        },
      },
      metadata: { versioning: { launcher: '0.2.6' } },
    };
    try {
      const args = ['run', '--isolation', 'chroot', '--network', 'host'];
      const mounts = ['-v', `${results}:/results`, '-v', `${fixture('pubmed_qa')}:/data/pubmed_qa:ro`];
      run.stdout = await sh('buildah', [...args, ...mounts, container, '--', 'bash', '-c', launcherCommand(configEf)]);
    } catch (error) {
      run = { stdout: '', failed: (error as Error).message };
    }
  }, 30 * 60_000);

  afterAll(async () => {
    await server?.close();
    if (container) await sh('buildah', ['rm', container]).catch(() => undefined);
    await sh('buildah', ['rmi', image]).catch(() => undefined);
    // The build's layers, untagged now: kept, each source change would leave about 1 GB of them on the machine. The
    // tagged base (the slow part to make) stays for the next run.
    await sh('buildah', ['rmi', '--prune']).catch(() => undefined);
    rmSync(work, { recursive: true, force: true }); // the base's tarball and the pushed image: hundreds of MB
  });

  it('runs the launcher-built config_ef.yaml (interceptors included) to success as a non-root user', () => {
    expect(run.failed).toBeNull();
    const evaluation = parse(readFileSync(join(results, 'evaluation_config.yaml'), 'utf8'));
    expect(evaluation.status).toBe('success');
    expect(Object.keys(parse(readFileSync(join(results, 'results.yml'), 'utf8')).results.tasks)).toEqual(['pubmed_qa']);
    expect(statSync(join(results, 'results.yml')).uid).toBe(10001);
    const sent = server.requests.filter((r) => r.kind === 'chat');
    expect(sent.length).toBe(3);
    for (const r of sent) expect((r.body as { messages: { role: string }[] }).messages[0]!.role).toBe('system');
    expect(readdirSync(join(results, 'cache'))).toContain('cache.db');
  });

  it(
    'has framework.yml under /opt/metadata in a layer the launcher reads',
    async () => {
      const oci = join(work, 'oci');
      await sh('buildah', ['push', '--quiet', image, `oci:${oci}`]);
      const blob = (digest: string) => join(oci, 'blobs', ...digest.split(':'));
      const index = JSON.parse(readFileSync(join(oci, 'index.json'), 'utf8'));
      const manifest = JSON.parse(readFileSync(blob(index.manifests[0].digest), 'utf8'));
      const layers = [...manifest.layers].reverse() as { digest: string; size: number }[];
      let found: string | null = null;
      for (const layer of layers.filter((l) => l.size < MAX_METADATA_LAYER)) {
        const names = (await sh('tar', ['-tzf', blob(layer.digest)])).split('\n');
        found = names.find((n) => /^\/?opt\/metadata\/.*\bframework\.yml$/.test(n)) ?? null;
        if (found) {
          const text = await sh('tar', ['-xzOf', blob(layer.digest), found]);
          expect(text).toBe(readFileSync(join(REPO_ROOT, 'framework.yml'), 'utf8'));
          break;
        }
      }
      expect(found).toBe('opt/metadata/helm/framework.yml');
    },
    10 * 60_000,
  );
});
