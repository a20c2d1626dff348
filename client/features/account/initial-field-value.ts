/**
 * What the visitor typed into a prerendered field before the app started. The app renders over the
 * prerendered markup instead of hydrating it
 * (docs/decisions/0006-prerendered-pages-and-language-versions.md), which would otherwise drop that
 * text: a field's first state is read from the element of the same id while it is still on the page
 * (the first render happens before React replaces the markup). Nothing in the prerender, which has
 * no document.
 */
export function initialFieldValue(id: string): string {
  if (typeof document === 'undefined') return '';
  const element = document.getElementById(id);
  return element instanceof HTMLInputElement ? element.value : '';
}
