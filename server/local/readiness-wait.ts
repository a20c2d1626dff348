import fs from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { LocalSetupError } from './local-setup-error.ts';

/**
 * Waiting for a program local mode starts (the Auth Emulator, PostgreSQL) to be ready, for as long as
 * it is alive and working: on a loaded machine a start takes minutes where it takes seconds on an
 * idle one, so no fixed delay fits both. The wait gives up when the program ends, when it has shown
 * no sign of work (output, CPU time) for `stallMs`, or after `ceilingMs` in all; every
 * `noticeEveryMs` it says what it is waiting for. A failure is a LocalSetupError: one sentence that
 * says what to do, which server/main.ts prints alone. The clock is given, so that the rules are
 * tested without waiting (tests/unit/local-readiness-wait.test.ts).
 */

/** The program being waited for, as the wait sees it. */
export interface StartingProgram {
  /** How it ended ("exit code 1", "SIGKILL"), or undefined while it runs. */
  ended(): string | undefined;
  /** A figure that grows while it works: its output's length plus its CPU time. */
  progress(): number;
}

export interface ReadinessLimits {
  /** Without any sign of work for this long, the program is taken for stuck. */
  stallMs: number;
  /** However busy it is, the wait ends after this long. */
  ceilingMs: number;
  /** How often the wait says what it is waiting for. */
  noticeEveryMs: number;
  /** How often readiness, progress and the program's end are checked. */
  checkEveryMs: number;
}

export const defaultReadinessLimits: ReadinessLimits = {
  stallMs: 2 * 60_000,
  ceilingMs: 10 * 60_000,
  noticeEveryMs: 20_000,
  checkEveryMs: 200,
};

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = { now: () => Date.now(), sleep: (ms) => delay(ms) };

export interface ReadinessWait {
  /** What is awaited, as a sentence names it: "the Firebase Auth Emulator". */
  what: string;
  program: StartingProgram;
  isReady(): Promise<boolean> | boolean;
  log(line: string): void;
  /** What the owner can do when it fails, the end of the failure's sentence. */
  advice: string;
  limits?: Partial<ReadinessLimits>;
  clock?: Clock;
}

export async function waitUntilReady(wait: ReadinessWait): Promise<void> {
  const limits = { ...defaultReadinessLimits, ...wait.limits };
  const clock = wait.clock ?? realClock;
  const started = clock.now();
  let lastProgress = wait.program.progress();
  let lastProgressAt = started;
  let nextNotice = started + limits.noticeEveryMs;
  const capitalised = wait.what.charAt(0).toUpperCase() + wait.what.slice(1);

  for (;;) {
    const ended = wait.program.ended();
    if (ended !== undefined)
      throw new LocalSetupError(
        `${capitalised} stopped during its start (${ended}): ${wait.advice}`,
      );
    if (await wait.isReady()) return;

    const now = clock.now();
    const progress = wait.program.progress();
    if (progress !== lastProgress) {
      lastProgress = progress;
      lastProgressAt = now;
    }
    const waited = Math.round((now - started) / 1000);
    if (now - lastProgressAt >= limits.stallMs) {
      throw new LocalSetupError(
        `${capitalised} was still not ready after ${waited} s and did nothing for the last ${Math.round(limits.stallMs / 1000)} s: ${wait.advice}`,
      );
    }
    if (now - started >= limits.ceilingMs) {
      throw new LocalSetupError(
        `${capitalised} was still not ready after ${waited} s although it kept working, so this machine is very busy: try again when it is less so, or ${wait.advice}`,
      );
    }
    if (now >= nextNotice) {
      wait.log(`Waiting for ${wait.what} (${waited} s)…`);
      nextNotice += limits.noticeEveryMs;
    }
    await clock.sleep(limits.checkEveryMs);
  }
}

/**
 * The CPU time a process and its children it waited for have used, in clock ticks, read from
 * /proc/<pid>/stat; 0 where there is no /proc (output alone then tells progress).
 */
export function cpuTicksOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // The command's name, in parentheses, may hold spaces: the fields are counted after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime: fields 14 to 17 of proc(5), the state being field 3.
  return [11, 12, 13, 14].reduce((total, index) => total + (Number(fields[index]) || 0), 0);
}
