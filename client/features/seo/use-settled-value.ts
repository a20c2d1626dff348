import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delayMs`: what a polite live region reads out, so that
 * a screen reader hears where a text stands when the owner pauses, not at every keystroke.
 */
export function useSettledValue<Value>(value: Value, delayMs: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
