/**
 * A real single-node Slurm cluster (Debian's slurm-wlm + munge) in a temp folder, for tests of the Slurm executor
 * (docs/scale.md): a munge key and munged, a slurm.conf for this host on free ports, slurmctld and slurmd in the
 * foreground as children of the test. Needs root (slurmd starts jobs as their user); `startSlurm` says why not
 * when it cannot start, and tests skip with that reason.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './redis-server.js';

export interface SlurmCluster {
  /** Environment for sbatch/squeue/sacct: SLURM_CONF pointing at this cluster's slurm.conf. */
  readonly env: NodeJS.ProcessEnv;
  readonly dir: string;
  stop(): Promise<void>;
}

const BINARIES = ['munged', 'slurmctld', 'slurmd', 'sbatch', 'squeue'] as const;

/** Why Slurm cannot be started here (not root, a binary missing), or null when it can be tried. */
export function slurmUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'not running as root (slurmd must start jobs as their user)';
  for (const b of BINARIES) {
    if (spawnSync('sh', ['-c', `command -v ${b} || test -x /usr/sbin/${b}`]).status !== 0)
      return `${b} is not installed (apt-get install slurm-wlm munge)`;
  }
  return null;
}

const which = (b: string) =>
  spawnSync('sh', ['-c', `command -v ${b} || echo /usr/sbin/${b}`], { encoding: 'utf8' }).stdout.trim();

export async function startSlurm(): Promise<SlurmCluster> {
  const why = slurmUnavailable();
  if (why) throw new Error(why);
  const dir = mkdtempSync(join(tmpdir(), 'ef-slurm-'));
  for (const d of ['munge', 'state', 'spool', 'log']) mkdirSync(join(dir, d), { recursive: true });
  chmodSync(join(dir, 'munge'), 0o700);
  const key = join(dir, 'munge', 'munge.key');
  writeFileSync(key, randomBytes(1024), { mode: 0o400 });
  const socket = join(dir, 'munge', 'munge.socket');
  const children: ChildProcess[] = [];
  const munge = spawn(
    which('munged'),
    [
      '--foreground',
      '--force',
      `--key-file=${key}`,
      `--socket=${socket}`,
      `--pid-file=${join(dir, 'munge', 'munged.pid')}`,
      `--log-file=${join(dir, 'log', 'munged.log')}`,
      `--seed-file=${join(dir, 'munge', 'seed')}`,
    ],
    { stdio: 'ignore' },
  );
  children.push(munge);
  const host = hostname().split('.')[0]!;
  const [ctlPort, dPort] = [await freePort(), await freePort()];
  const conf = join(dir, 'slurm.conf');
  writeFileSync(
    conf,
    [
      'ClusterName=eftest',
      `SlurmctldHost=${host}(127.0.0.1)`,
      `SlurmctldPort=${ctlPort}`,
      `SlurmdPort=${dPort}`,
      'AuthType=auth/munge',
      'CredType=cred/munge',
      `AuthInfo=socket=${socket}`,
      'SlurmUser=root',
      'SlurmdUser=root',
      `StateSaveLocation=${join(dir, 'state')}`,
      `SlurmdSpoolDir=${join(dir, 'spool')}`,
      `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
      `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
      `SlurmctldLogFile=${join(dir, 'log', 'slurmctld.log')}`,
      `SlurmdLogFile=${join(dir, 'log', 'slurmd.log')}`,
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/none',
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_Core',
      'SchedulerType=sched/backfill',
      'MpiDefault=none',
      'ReturnToService=2',
      'JobAcctGatherType=jobacct_gather/none',
      'AccountingStorageType=accounting_storage/none',
      'JobCompType=jobcomp/none',
      'SwitchType=switch/none',
      'LaunchParameters=use_interactive_step',
      'InactiveLimit=0',
      'KillWait=5',
      'MinJobAge=300',
      `NodeName=${host} NodeAddr=127.0.0.1 CPUs=${cpus().length} State=UNKNOWN`,
      `PartitionName=debug Nodes=${host} Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4`,
      '',
    ].join('\n'),
  );
  const env = { ...process.env, SLURM_CONF: conf };
  await waitFor(() => spawnSync('sh', ['-c', `test -S ${socket}`]).status === 0, 10_000, 'munged did not start');
  children.push(spawn(which('slurmctld'), ['-D', '-i', '-f', conf], { env, stdio: 'ignore' }));
  children.push(spawn(which('slurmd'), ['-D', '-f', conf, '-N', host], { env, stdio: 'ignore' }));
  const stop = async () => {
    for (const c of children.reverse()) {
      if (c.exitCode === null && c.signalCode === null) {
        const exited = new Promise<void>((r) => c.once('exit', () => r()));
        c.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      () => /idle|mix|alloc/.test(spawnSync('sinfo', ['-h', '-o', '%t'], { env, encoding: 'utf8' }).stdout ?? ''),
      30_000,
      'the Slurm node did not become idle',
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { env, dir, stop };
}

async function waitFor(check: () => boolean, limitMs: number, message: string): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(message);
}

/**
 * A cluster, or why none could be started here (for the test's skip line). Tests call it while their file loads, so
 * that a machine without Slurm shows their suite as skipped, with the reason, instead of tests that pass by
 * returning early.
 */
export async function startSlurmOrSayWhy(): Promise<{ cluster: SlurmCluster } | { why: string }> {
  const why = slurmUnavailable();
  if (why) return { why: `Slurm cannot be started here: ${why}` };
  try {
    return { cluster: await startSlurm() };
  } catch (error) {
    return { why: `Slurm did not start: ${(error as Error).message.split('\n')[0]}` };
  }
}

/** Waits until no job of the cluster is pending or running (squeue lists none). */
export async function waitForSlurmQueue(cluster: SlurmCluster, limitMs: number): Promise<void> {
  await waitFor(
    () => {
      const r = spawnSync('squeue', ['-h'], { env: cluster.env, encoding: 'utf8' });
      return r.status === 0 && r.stdout.trim() === '';
    },
    limitMs,
    `Slurm jobs still queued after ${limitMs} ms`,
  );
}
