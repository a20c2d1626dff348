/**
 * What a visitor does on a prerendered page before the app has taken it over, kept and done again
 * on the app's own markup once it has rendered: the app renders the same markup over the page
 * (docs/decisions/0006-prerendered-pages-and-language-versions.md), so an element is found again
 * by its place under `#root`. A click on a button or a box, a choice in a list and a form sent are
 * kept (the click and the sending are held back, so that nothing happens twice); links need nothing,
 * the browser follows them; text typed into a field is read by the app itself (initialFieldValue).
 * Nothing here imports the app: it runs before the app's code is loaded.
 */

type Place = readonly number[];

type Interaction =
  | { kind: 'click'; place: Place; identity: string }
  | { kind: 'submit'; place: Place }
  | { kind: 'choose'; place: Place; value: string };

const clickableControl =
  'button, input[type="checkbox"], input[type="radio"], input[type="submit"], input[type="button"], input[type="reset"]';

function placeOf(root: Element, element: Element): Place | undefined {
  const place: number[] = [];
  let node: Element = element;
  while (node !== root) {
    const parent = node.parentElement;
    if (parent === null) return undefined;
    place.unshift(Array.prototype.indexOf.call(parent.children, node));
    node = parent;
  }
  return place;
}

/**
 * What makes a control the same one in the app's markup as in the prerendered: its tag, type, name,
 * id and text. A click is done again only on the same control, never on another that took its place
 * (the sign-up form has a field the sign-in form has not).
 */
function identityOf(element: Element): string {
  const attribute = (name: string) => element.getAttribute(name) ?? '';
  return [
    element.tagName,
    attribute('type'),
    attribute('name'),
    attribute('id'),
    (element.textContent ?? '').trim(),
  ].join('\u0000');
}

function elementAt(root: Element, place: Place): Element | undefined {
  let node: Element | undefined = root;
  for (const index of place) {
    node = node.children[index];
    if (node === undefined) return undefined;
  }
  return node;
}

export interface InteractionRecorder {
  /** Stops recording and does again, on the app's markup now under `root`, what was recorded. */
  replay(): void;
  /** Stops recording and forgets what was recorded: the page's controls act on their own again. */
  release(): void;
}

/**
 * Records what happens under `root` from now on; `onInteraction` is called at each recorded
 * interaction (the app is needed then).
 */
export function recordInteractions(root: Element, onInteraction: () => void): InteractionRecorder {
  const recorded: Interaction[] = [];
  let focusedPlace: Place | undefined;
  // Only what happens on the prerendered markup is kept: once the app's has replaced it, the app
  // handles its events itself, even before the replay has run.
  const prerendered = [...root.children];
  const isPrerendered = (element: Element): boolean =>
    prerendered.some((top) => top.contains(element));

  const onClick = (event: Event): void => {
    const target = event.target instanceof Element ? event.target.closest(clickableControl) : null;
    if (target === null || !isPrerendered(target)) return;
    const place = placeOf(root, target);
    if (place === undefined) return;
    event.preventDefault();
    recorded.push({ kind: 'click', place, identity: identityOf(target) });
    onInteraction();
  };
  const onSubmit = (event: Event): void => {
    if (!(event.target instanceof HTMLFormElement) || !isPrerendered(event.target)) return;
    const place = placeOf(root, event.target);
    if (place === undefined) return;
    event.preventDefault();
    recorded.push({ kind: 'submit', place });
    onInteraction();
  };
  const onChange = (event: Event): void => {
    if (!(event.target instanceof HTMLSelectElement) || !isPrerendered(event.target)) return;
    const place = placeOf(root, event.target);
    if (place === undefined) return;
    recorded.push({ kind: 'choose', place, value: event.target.value });
    onInteraction();
  };
  const onFocus = (event: Event): void => {
    if (!(event.target instanceof Element) || !isPrerendered(event.target)) return;
    focusedPlace = placeOf(root, event.target);
  };
  const listeners = [
    ['click', onClick],
    ['submit', onSubmit],
    ['change', onChange],
    ['focusin', onFocus],
  ] as const;
  for (const [type, listener] of listeners) root.addEventListener(type, listener, true);

  function restoreFocus(): void {
    // The focused element went with the prerendered markup: its twin in the app's takes the focus.
    if (focusedPlace === undefined || root.contains(document.activeElement)) return;
    const twin = elementAt(root, focusedPlace);
    if (twin instanceof HTMLElement) twin.focus({ preventScroll: true });
  }

  function replayOne(interaction: Interaction): void {
    const element = elementAt(root, interaction.place);
    switch (interaction.kind) {
      case 'click':
        if (element instanceof HTMLElement && identityOf(element) === interaction.identity)
          element.click();
        return;
      case 'submit':
        if (element instanceof HTMLFormElement) element.requestSubmit();
        return;
      case 'choose':
        if (element instanceof HTMLSelectElement && element.value !== interaction.value) {
          element.value = interaction.value;
          element.dispatchEvent(new Event('change', { bubbles: true }));
        }
        return;
    }
  }

  const stopRecording = (): void => {
    for (const [type, listener] of listeners) root.removeEventListener(type, listener, true);
  };

  return {
    replay() {
      stopRecording();
      restoreFocus();
      for (const interaction of recorded.splice(0)) replayOne(interaction);
    },
    release() {
      stopRecording();
      recorded.length = 0;
    },
  };
}
