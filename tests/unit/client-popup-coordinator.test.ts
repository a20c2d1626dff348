import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthFlowError } from '#client/lib/auth-errors.ts';
import {
  createPopupCoordinator,
  popupFeatures,
  type PopupAnswer,
  type PopupOptions,
} from '#client/lib/popup-coordinator.ts';

class FakePopup {
  closed = false;
  close(): void {
    this.closed = true;
  }
}

const options: PopupOptions = {
  url: '/local/google-sign-in',
  width: 500,
  height: 600,
  closedDetectionMs: 8000,
  pollMs: 500,
};

function setUp(blocked = false) {
  const opened: Array<{ popup: FakePopup; name: string; features: string }> = [];
  const answers: Array<PopupAnswer<string>> = [];
  const stopped: number[] = [];
  const coordinator = createPopupCoordinator<FakePopup>({
    open: (_url, name, features) => {
      if (blocked) return null;
      const popup = new FakePopup();
      opened.push({ popup, name, features });
      return popup;
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  });
  const failures: Array<(error: unknown) => void> = [];
  const open = (overrides: Partial<PopupOptions> = {}) =>
    coordinator.open<string>({ ...options, ...overrides }, (_popup, answer, fail) => {
      const index = answers.push(answer) - 1;
      failures.push(fail);
      return () => stopped.push(index);
    });
  return { open, opened, answers, failures, stopped, cancel: () => coordinator.cancel() };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof AuthFlowError ? error.code : 'other';
  }
}

describe('sign-in popup rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens a 500×600 popup and resolves with its answer', async () => {
    const { open, opened, answers, stopped } = setUp();
    const result = open();
    expect(opened).toHaveLength(1);
    expect(opened[0]?.features).toContain('width=500,height=600');
    answers[0]?.('id-token');
    await expect(result).resolves.toBe('id-token');
    expect(stopped).toEqual([0]);
  });

  it('rejects a blocked popup at once', async () => {
    const { open } = setUp(true);
    expect(await codeOf(open())).toBe('auth/popup-blocked');
  });

  it('rejects a closed popup 8 s after it was seen closed, not before', async () => {
    const { open, opened } = setUp();
    const result = open();
    let settled = false;
    void result.catch(() => {}).finally(() => (settled = true));
    opened[0]!.popup.closed = true;
    await vi.advanceTimersByTimeAsync(500);
    await vi.advanceTimersByTimeAsync(7900);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await codeOf(result)).toBe('auth/popup-closed-by-user');
  });

  it('still takes an answer that arrives just after the popup closed', async () => {
    const { open, opened, answers } = setUp();
    const result = open();
    opened[0]!.popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    answers[0]?.('late-token');
    await expect(result).resolves.toBe('late-token');
    await vi.advanceTimersByTimeAsync(10_000);
  });

  it('cancels the open popup when a new one opens, in a window of its own', async () => {
    const { open, opened, answers, stopped } = setUp();
    const first = open();
    const second = open();
    expect(await codeOf(first)).toBe('auth/cancelled-popup-request');
    expect(opened[0]?.popup.closed).toBe(true);
    expect(stopped).toEqual([0]);
    expect(opened[1]?.name).not.toBe(opened[0]?.name);
    // The first popup's late answer changes nothing; the second's counts.
    answers[0]?.('stale');
    answers[1]?.('fresh');
    await expect(second).resolves.toBe('fresh');
  });

  it('ends the wait with the flow’s own failure and closes the popup', async () => {
    const { open, opened, failures, stopped } = setUp();
    const result = open();
    const failure = new Error('the API refused');
    failures[0]?.(failure);
    await expect(result).rejects.toBe(failure);
    expect(opened[0]?.popup.closed).toBe(true);
    expect(stopped).toEqual([0]);
    // Settled once: the closed popup does not turn into "closed by the user" afterwards.
    await vi.advanceTimersByTimeAsync(10_000);
  });

  it('cancels the popup still open on request, and does nothing when none is', async () => {
    const { open, opened, cancel, answers } = setUp();
    cancel();
    const result = open();
    cancel();
    expect(await codeOf(result)).toBe('auth/cancelled-popup-request');
    expect(opened[0]?.popup.closed).toBe(true);
    answers[0]?.('late');
    cancel();
  });

  it('names each popup after its flow, with a number of its own', () => {
    const { open, opened } = setUp();
    void open({ name: 'vitrine-shopify' }).catch(() => {});
    void open().catch(() => {});
    expect(opened[0]?.name).toMatch(/^vitrine-shopify-\d+$/);
    expect(opened[1]?.name).toMatch(/^vitrine-sign-in-\d+$/);
  });

  it('centres the popup on the opener’s screen', () => {
    expect(
      popupFeatures({ ...options, screen: { left: 100, top: 50, width: 1500, height: 1000 } }),
    ).toBe('popup=yes,width=500,height=600,left=600,top=250');
  });
});
