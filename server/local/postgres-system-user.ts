import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { LocalSetupError } from './local-setup-error.ts';
import type { PostgresPrograms } from './postgres-programs.ts';

const execFileAsync = promisify(execFile);

/**
 * PostgreSQL refuses to run as root, so as root local mode runs it as the system user "postgres"
 * (made when missing). That user cannot enter a folder only root may enter, the usual case of a clone
 * under /root in a container: neither the PostgreSQL programs under node_modules nor a cluster under
 * DATA_DIR would be within its reach. This module finds that user, tells what it can reach, and
 * places what it cannot reach in a root-owned folder it can, kept across reboots.
 */
export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
}

const userName = 'postgres';

/**
 * Where programs and clusters go when the user cannot reach them where they are: the first of these
 * that root owns and the user can enter. /var/lib survives a reboot; /tmp is the fallback of a
 * read-only /var.
 */
const placementFolders = ['/var/lib/vitrine', '/tmp/vitrine'];

export async function postgresSystemUser(): Promise<SystemUser> {
  const existing = await lookUpUser();
  if (existing !== undefined) return existing;
  try {
    await execFileAsync('groupadd', ['--force', userName]);
    await execFileAsync('useradd', ['--system', '--gid', userName, userName]);
  } catch {
    // Another start may have made it in the meantime; only a user that is still missing is a failure.
  }
  const made = await lookUpUser();
  if (made !== undefined) return made;
  throw new LocalSetupError(
    `PostgreSQL refuses to run as root and the system user "${userName}" it would run as could not be made: ` +
      `create it (useradd --system ${userName}), or start Vitrine as a user other than root.`,
  );
}

async function lookUpUser(): Promise<SystemUser | undefined> {
  try {
    const [uid, gid] = await Promise.all(
      ['-u', '-g'].map(async (flag) => (await execFileAsync('id', [flag, userName])).stdout),
    );
    return { name: userName, uid: Number.parseInt(uid!, 10), gid: Number.parseInt(gid!, 10) };
  } catch {
    return undefined;
  }
}

/** Runs a program as the user, with the credentials PostgreSQL itself will get (no extra groups). */
async function succeedsAs(user: SystemUser, file: string, args: string[]): Promise<boolean> {
  try {
    await execFileAsync(file, args, { uid: user.uid, gid: user.gid, timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** The first folder on the way to `folder` (itself included) that the user cannot enter. */
async function firstFolderOutOfReach(
  user: SystemUser,
  folder: string,
): Promise<string | undefined> {
  const absolute = path.resolve(folder);
  const steps = absolute.split(path.sep).filter((part) => part !== '');
  for (let depth = 0; depth <= steps.length; depth += 1) {
    const current = path.join(path.sep, ...steps.slice(0, depth));
    if (!(await succeedsAs(user, 'test', ['-x', current]))) return current;
  }
  return undefined;
}

/** A root-owned folder the user can enter, made when missing; the first of placementFolders that works. */
async function placementFolder(user: SystemUser, outOfReach: string): Promise<string> {
  for (const folder of placementFolders) {
    try {
      await fs.mkdir(folder, { recursive: true });
      const stat = await fs.lstat(folder);
      // Never one that someone else made: whoever owns it could swap the programs PostgreSQL runs.
      if (!stat.isDirectory() || stat.uid !== 0) continue;
      await fs.chmod(folder, 0o755);
      if ((await firstFolderOutOfReach(user, folder)) === undefined) return folder;
    } catch {
      // Read-only or otherwise unusable: try the next one.
    }
  }
  throw new LocalSetupError(
    `PostgreSQL runs as the system user "${user.name}", which cannot enter ${outOfReach}, and none of ` +
      `${placementFolders.join(', ')} could be made for it: move the clone (or DATA_DIR) to a folder ` +
      `other users can enter, or set DATABASE_URL to a PostgreSQL server of your own.`,
  );
}

export interface Placement {
  programs: PostgresPrograms;
  /** Where the cluster really is (the link's target when the data folder is out of reach). */
  clusterDir: string;
  /** The one sentence that says what was placed where, when anything was. */
  notice?: string;
}

/**
 * Makes the programs and the cluster reachable by the user. The programs out of reach are copied
 * once per PostgreSQL version (the copy is shared: they never change). A cluster out of reach is
 * made in a folder of its own, named after the data folder, and linked from `clusterLink`, so that it
 * stays the same across restarts, two clones never share one, and deleting the data folder starts
 * from scratch as it always does.
 */
export async function placeWithinReach(
  user: SystemUser,
  programs: PostgresPrograms,
  clusterLink: string,
): Promise<Placement> {
  const outOfReach = new Set<string>();
  const placed: string[] = [];

  let reachablePrograms = programs;
  if (!(await succeedsAs(user, programs.postgres, ['--version']))) {
    const programsFolder = path.dirname(programs.postgres);
    const blocked = (await firstFolderOutOfReach(user, programsFolder)) ?? programsFolder;
    outOfReach.add(blocked);
    reachablePrograms = await copyPrograms(user, programs, blocked);
    placed.push(`it runs a copy of its programs from ${reachablePrograms.installDir}`);
  }

  let clusterDir = clusterLink;
  const existing = await fs.lstat(clusterLink).catch(() => undefined);
  if (existing?.isSymbolicLink()) {
    clusterDir = path.resolve(path.dirname(clusterLink), await fs.readlink(clusterLink));
    placed.unshift(`its database is kept in ${clusterDir} (linked from ${clusterLink})`);
    const blocked = await firstFolderOutOfReach(user, path.dirname(clusterLink));
    if (blocked !== undefined) outOfReach.add(blocked);
  } else {
    const blocked = await firstFolderOutOfReach(user, path.dirname(clusterLink));
    if (blocked !== undefined) {
      if (existing !== undefined)
        throw new LocalSetupError(
          `PostgreSQL runs as the system user "${user.name}", which cannot enter ${blocked} to reach ` +
            `the database in ${clusterLink}: run chmod o+x ${blocked}, or move ${clusterLink} away ` +
            `to start with a new database kept where that user can reach it.`,
        );
      outOfReach.add(blocked);
      clusterDir = await newClusterFolder(user, clusterLink, blocked);
      await fs.symlink(clusterDir, clusterLink);
      placed.unshift(`its database is kept in ${clusterDir} (linked from ${clusterLink})`);
    }
  }

  if (placed.length === 0) return { programs: reachablePrograms, clusterDir };
  const reason = outOfReach.size > 0 ? `, which cannot enter ${[...outOfReach].join(' or ')}` : '';
  return {
    programs: reachablePrograms,
    clusterDir,
    notice: `PostgreSQL runs as the system user "${user.name}"${reason}, so ${placed.join(' and ')}.`,
  };
}

async function copyPrograms(
  user: SystemUser,
  programs: PostgresPrograms,
  outOfReach: string,
): Promise<PostgresPrograms> {
  const folder = await placementFolder(user, outOfReach);
  const installDir = path.join(folder, `postgres-${programs.version}-${programs.platform}`);
  const exists = () =>
    fs.access(installDir).then(
      () => true,
      () => false,
    );
  if (!(await exists())) {
    // Copied aside, then renamed into place: a copy cut short is never taken for a whole one, and
    // of two starts copying at once the first rename wins.
    const partial = `${installDir}.partial-${randomBytes(4).toString('hex')}`;
    try {
      await fs.cp(programs.installDir, partial, { recursive: true, verbatimSymlinks: true });
      await fs.chmod(partial, 0o755);
      await fs.rename(partial, installDir);
    } catch (error) {
      await fs.rm(partial, { recursive: true, force: true });
      if (!(await exists())) throw error;
    }
  }
  const moved = (file: string) => path.join(installDir, path.relative(programs.installDir, file));
  const copy = {
    ...programs,
    installDir,
    initdb: moved(programs.initdb),
    postgres: moved(programs.postgres),
  };
  if (!(await succeedsAs(user, copy.postgres, ['--version'])))
    throw new LocalSetupError(
      `PostgreSQL runs as the system user "${user.name}", which cannot enter ${outOfReach} nor run ` +
        `the copy of its programs in ${installDir}: delete that folder and start again, or set ` +
        `DATABASE_URL to a PostgreSQL server of your own.`,
    );
  return copy;
}

/**
 * `/root/shop/.data/postgres` → `<placement>/clusters/root-shop-data-<random>`. The test and
 * benchmark clean-up (scripts/lib/data-folder.mjs) knows a cluster by this name and removes no other.
 */
async function newClusterFolder(
  user: SystemUser,
  clusterLink: string,
  outOfReach: string,
): Promise<string> {
  const clusters = path.join(await placementFolder(user, outOfReach), 'clusters');
  await fs.mkdir(clusters, { recursive: true });
  await fs.chmod(clusters, 0o755);
  const named = path
    .dirname(path.resolve(clusterLink))
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(-60);
  return path.join(clusters, `${named}-${randomBytes(4).toString('hex')}`);
}
