import { useEffect, useRef, type FocusEvent } from 'react';

/**
 * Keeps the keyboard focus inside a part of the screen whose buttons go away once used (Approve,
 * Undo: the change moves on and its button with it). A browser drops the focus of a removed element
 * on the page's body, which sends a keyboard user back to the start of the dialog; when that happens
 * to a focus that was inside the part, it moves to `fallback` (its text, or its heading) instead.
 */
export function useKeptFocus<Fallback extends HTMLElement>() {
  const fallback = useRef<Fallback>(null);
  const focusedWithin = useRef(false);

  useEffect(() => {
    // Once the focus has settled: while it moves (a Tab), it rests on the body for a moment.
    const timer = setTimeout(() => {
      if (focusedWithin.current && document.activeElement === document.body) {
        fallback.current?.focus();
      }
    }, 0);
    return () => clearTimeout(timer);
  });

  return {
    fallback,
    containerProps: {
      onFocus: () => {
        focusedWithin.current = true;
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        const next = event.relatedTarget;
        if (!(next instanceof Node && event.currentTarget.contains(next))) {
          focusedWithin.current = false;
        }
      },
    },
  };
}
