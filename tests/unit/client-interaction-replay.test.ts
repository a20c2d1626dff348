// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { recordInteractions } from '#client/app/interaction-replay.ts';

/**
 * What a visitor does on a prerendered page before the app has started is done again on the app's
 * markup, and only on the same control: the app's markup can differ from the prerendered one (the
 * sign-up form asked by the address, where the sign-in form was prerendered).
 */

afterEach(() => {
  document.body.innerHTML = '';
});

function pageWith(markup: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  return document.getElementById('root')!;
}

/** The app renders its own markup over the prerendered one, counting the clicks on its buttons. */
function appRenders(root: HTMLElement, markup: string): string[] {
  root.innerHTML = markup;
  const clicked: string[] = [];
  for (const button of root.querySelectorAll('button')) {
    button.addEventListener('click', () => clicked.push(button.textContent ?? ''));
  }
  return clicked;
}

describe('a click on the prerendered page', () => {
  it('is held back, then done again on the same button of the app', () => {
    const root = pageWith('<main><button type="button">Accept</button></main>');
    let starts = 0;
    const interactions = recordInteractions(root, () => (starts += 1));

    root.querySelector('button')!.click();
    expect(starts).toBe(1);

    const clicked = appRenders(root, '<main><button type="button">Accept</button></main>');
    interactions.replay();
    expect(clicked).toEqual(['Accept']);
  });

  it('is dropped when another control took its place in the app', () => {
    const root = pageWith('<main><button type="button">Sign in</button></main>');
    const interactions = recordInteractions(root, () => {});

    root.querySelector('button')!.click();

    const clicked = appRenders(
      root,
      '<main><button type="submit">Create my account</button></main>',
    );
    interactions.replay();
    expect(clicked).toEqual([]);
  });

  it('is forgotten once released: nothing is done again, and clicks act on their own', () => {
    const root = pageWith('<main><button type="button">Accept</button></main>');
    const interactions = recordInteractions(root, () => {});
    const button = root.querySelector('button')!;
    const defaultsPrevented: boolean[] = [];
    button.addEventListener('click', (event) => defaultsPrevented.push(event.defaultPrevented));

    button.click();
    interactions.release();
    button.click();
    expect(defaultsPrevented).toEqual([true, false]);

    const clicked = appRenders(root, '<main><button type="button">Accept</button></main>');
    interactions.replay();
    expect(clicked).toEqual([]);
  });
});
