/**
 * Remembers a function's answers to the last few texts it was asked about. The checks of one page
 * read the same texts again and again (its body parsed for headings, images, links and text; its
 * visible text counted in words by several checks; a title identified by two), and a store's pages
 * come one after another: keeping the last `count` answers spares the work, and a map this small
 * keeps no memory of the pages before.
 */
export function rememberingLast<T>(answer: (text: string) => T, count = 4): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    if (known.has(text)) return known.get(text)!;
    const answered = answer(text);
    if (known.size >= count) known.delete(known.keys().next().value!);
    known.set(text, answered);
    return answered;
  };
}
