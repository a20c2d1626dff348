import { pageKinds, type Check, type PageCheck } from '../check.ts';
import { excerpt } from '../text/excerpt.ts';
import { headings } from '../text/html.ts';

const headingOneInBody: PageCheck = {
  // Threshold: more than 0. Source: DAWN; YO SingleH1.
  id: 'H01',
  area: 'headings',
  severity: 'warning',
  appliesTo: pageKinds,
  type: 'page',
  /**
   * The theme already prints the page's title as its `<h1>` (products, collections, pages and
   * articles alike) and the body right below it, as written: any `<h1>` in the body is a second one.
   */
  run(view) {
    const headingOnes = headings(view.bodyHtml).filter((heading) => heading.level === 1);
    if (headingOnes.length === 0) return [];
    const quoted = excerpt(headingOnes.map((heading) => heading.text).join(' · '));
    return [{ field: 'body', measured: headingOnes.length, threshold: 0, excerpt: quoted }];
  },
};

/** The heading checks (H01). */
export const headingChecks: readonly Check[] = [headingOneInBody];
