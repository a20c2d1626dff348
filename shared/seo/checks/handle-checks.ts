import { pageKinds, type Check, type PageCheck } from '../check.ts';
import { excerpt } from '../text/excerpt.ts';

/** Lowercase letters and digits in words joined by single hyphens, as Shopify makes handles. */
const wellFormedHandle = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const handleFormat: PageCheck = {
  // Threshold: not ^[a-z0-9]+(-[a-z0-9]+)*$. Source: Shopify; G url.
  id: 'U01',
  area: 'handles',
  severity: 'warning',
  appliesTo: pageKinds,
  type: 'page',
  run(view) {
    if (wellFormedHandle.test(view.handle)) return [];
    return [{ field: 'handle', excerpt: excerpt(view.handle) }];
  },
};

/** The handle checks (U01). */
export const handleChecks: readonly Check[] = [handleFormat];
