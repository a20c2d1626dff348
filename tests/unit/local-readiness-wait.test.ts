import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LocalSetupError } from '#server/local/local-setup-error.ts';
import {
  cpuTicksOf,
  waitUntilReady,
  type Clock,
  type StartingProgram,
} from '#server/local/readiness-wait.ts';

/** A clock whose sleeps only move its time on: minutes of waiting take no time in the test. */
function fakeClock(): Clock & { elapsed(): number } {
  let now = 1_000_000;
  const start = now;
  return {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
    elapsed: () => now - start,
  };
}

/** A program that works (its progress grows) at every check, and is ready after `readyAfterMs`. */
function busyProgram(clock: Clock, readyAfterMs: number) {
  const startedAt = clock.now();
  let work = 0;
  const program: StartingProgram = { ended: () => undefined, progress: () => (work += 1) };
  return { program, isReady: () => clock.now() - startedAt >= readyAfterMs };
}

async function failureOf(promise: Promise<unknown>): Promise<LocalSetupError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LocalSetupError);
  return error as LocalSetupError;
}

const advice = 'set FIREBASE_AUTH_EMULATOR_HOST to an Auth Emulator already running.';

describe('waiting for a program local mode starts', () => {
  it('keeps waiting past a minute and a half while the program works, saying what it waits for', async () => {
    const clock = fakeClock();
    const { program, isReady } = busyProgram(clock, 95_000);
    const lines: string[] = [];
    await waitUntilReady({
      what: 'the Firebase Auth Emulator',
      program,
      isReady,
      log: (line) => lines.push(line),
      advice,
      clock,
    });
    expect(clock.elapsed()).toBeGreaterThanOrEqual(95_000);
    expect(lines).toEqual([
      'Waiting for the Firebase Auth Emulator (20 s)…',
      'Waiting for the Firebase Auth Emulator (40 s)…',
      'Waiting for the Firebase Auth Emulator (60 s)…',
      'Waiting for the Firebase Auth Emulator (80 s)…',
    ]);
  });

  it('fails at once, in one sentence, when the program has ended', async () => {
    const clock = fakeClock();
    let checks = 0;
    const failure = await failureOf(
      waitUntilReady({
        what: 'the Firebase Auth Emulator',
        program: { ended: () => 'exit code 1', progress: () => 0 },
        isReady: () => {
          checks += 1;
          return false;
        },
        log: () => {},
        advice,
        clock,
      }),
    );
    expect(clock.elapsed()).toBe(0);
    expect(checks).toBe(0);
    expect(failure.message).toBe(
      `The Firebase Auth Emulator stopped during its start (exit code 1): ${advice}`,
    );
    expect(failure.message).not.toContain('\n');
  });

  it('gives up on a program that shows no sign of work for two minutes', async () => {
    const clock = fakeClock();
    const failure = await failureOf(
      waitUntilReady({
        what: 'PostgreSQL',
        program: { ended: () => undefined, progress: () => 42 },
        isReady: () => false,
        log: () => {},
        advice: 'set DATABASE_URL to a PostgreSQL already running.',
        clock,
      }),
    );
    expect(clock.elapsed()).toBe(120_000);
    expect(failure.message).toBe(
      'PostgreSQL was still not ready after 120 s and did nothing for the last 120 s: set DATABASE_URL to a PostgreSQL already running.',
    );
  });

  it('gives up after ten minutes even on a program that keeps working', async () => {
    const clock = fakeClock();
    const { program } = busyProgram(clock, Infinity);
    const failure = await failureOf(
      waitUntilReady({
        what: 'PostgreSQL',
        program,
        isReady: () => false,
        log: () => {},
        advice: 'set DATABASE_URL to a PostgreSQL already running.',
        clock,
      }),
    );
    expect(clock.elapsed()).toBe(600_000);
    expect(failure.message).toMatch(/^PostgreSQL was still not ready after 600 s although/);
    expect(failure.message).not.toContain('\n');
  });
});

describe('a process’s CPU time', () => {
  it.skipIf(process.platform !== 'linux')('grows while a real process works', async () => {
    const child = spawn(process.execPath, [
      '-e',
      'const end = Date.now() + 3000; while (Date.now() < end) {}',
    ]);
    try {
      const first = cpuTicksOf(child.pid);
      let later = first;
      while (later === first && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        later = cpuTicksOf(child.pid);
      }
      expect(later).toBeGreaterThan(first);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('is 0 for a process that is not there', () => {
    expect(cpuTicksOf(undefined)).toBe(0);
    expect(cpuTicksOf(2 ** 22 + 1)).toBe(0);
  });
});
