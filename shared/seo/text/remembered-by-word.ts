/**
 * Remembers a function's answers by word. A store's pages share most of their vocabulary, so an
 * audit asks about the same words again and again; the answers of up to `capacity` words are kept,
 * and forgotten all at once when full, which keeps memory bounded without bookkeeping per word.
 */
export function rememberedByWord<T extends NonNullable<unknown> | null>(
  answer: (word: string) => T,
  capacity = 20_000,
): (word: string) => T {
  const known = new Map<string, T>();
  return (word) => {
    const remembered = known.get(word);
    if (remembered !== undefined) return remembered;
    const counted = answer(word);
    if (known.size >= capacity) known.clear();
    known.set(word, counted);
    return counted;
  };
}
