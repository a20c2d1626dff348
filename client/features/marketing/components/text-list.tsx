/**
 * A list written in marketing.json as a group of keys (`"items": { "account": "…", … }`),
 * read with `returnObjects` and shown in the order the file gives; the locales test keeps that order
 * the same in every language.
 */

/** The texts of a group read with `returnObjects`; anything else is a mistake in the locale file. */
export function textsOf(group: unknown): string[] {
  if (typeof group !== 'object' || group === null) {
    throw new Error(`Expected a group of texts, got ${JSON.stringify(group)}`);
  }
  return Object.values(group).map((text: unknown) => {
    if (typeof text !== 'string') throw new Error(`Expected a text, got ${JSON.stringify(text)}`);
    return text;
  });
}

export function TextList({
  group,
  ordered = false,
  className,
}: {
  group: unknown;
  /** Numbered, for steps to follow in order. */
  ordered?: boolean;
  className?: string;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className}>
      {textsOf(group).map((text) => (
        <li key={text}>{text}</li>
      ))}
    </List>
  );
}
