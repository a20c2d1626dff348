import { describe, expect, it } from 'vitest';
import { interleave } from '../support/slow-first-sequencer.ts';

describe('interleave', () => {
  it('spreads the second list evenly among the first, each keeping its order', () => {
    expect(interleave(['a1', 'a2', 'a3', 'a4'], ['b1', 'b2'])).toEqual([
      'a1',
      'b1',
      'a2',
      'a3',
      'b2',
      'a4',
    ]);
  });

  it('keeps every item once when the spread list is the longer one', () => {
    const main = ['a1', 'a2'];
    const spread = ['b1', 'b2', 'b3', 'b4', 'b5'];
    const merged = interleave(main, spread);
    expect([...merged].sort()).toEqual([...main, ...spread].sort());
    expect(merged.filter((item) => item.startsWith('a'))).toEqual(main);
    expect(merged.filter((item) => item.startsWith('b'))).toEqual(spread);
    // Neither list ends up in one block at either end.
    expect(merged.indexOf('a1')).toBeGreaterThan(0);
    expect(merged.lastIndexOf('a2')).toBeLessThan(merged.length - 1);
  });

  it('gives either list alone when the other is empty', () => {
    expect(interleave(['a1', 'a2'], [])).toEqual(['a1', 'a2']);
    expect(interleave([], ['b1'])).toEqual(['b1']);
  });
});
