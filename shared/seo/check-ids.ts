/**
 * The ids of the catalogue's checks (shared/seo/catalogue.ts), in its order, and of the rendered
 * storefront's checks (shared/seo/rendered/rendered-checks.ts), without the checks themselves: the
 * pages list offers them as a filter, and importing the checks would bring their text measurement
 * and language identification (several hundred kilobytes) into that screen.
 * tests/unit/seo-catalogue.test.ts keeps these lists and the checks in agreement.
 */
export const catalogueCheckIds = [
  'T01',
  'T02',
  'T03',
  'T04',
  'T05',
  'T06',
  'M01',
  'M02',
  'M03',
  'M04',
  'H01',
  'I01',
  'I02',
  'I03',
  'C01',
  'C02',
  'C03',
  'C04',
  'F01',
  'L01',
  'L02',
  'L03',
  'L04',
  'U01',
  'TG1',
  'TG2',
  'TG3',
] as const;

/** The checks of the storefront pass, which reads the rendered pages rather than the copy. */
export const renderedCheckIds = [
  'R01',
  'R02',
  'R04',
  'R05',
  'HL1',
  'HL2',
  'HL3',
  'H02',
  'S01',
  'S02',
  'S03',
  'S04',
  'S05',
] as const;

/**
 * The checks of the store rather than of a page, run once by each storefront pass
 * (shared/seo/rendered/robots-txt-check.ts): their findings go to one page of the store, the first
 * the pass read, in the primary language, as the overview has no place of the store's own.
 */
export const storeCheckIds = ['R03'] as const;

/** Every check whose findings a page can carry: the page list's `check` filter. */
export const auditCheckIds: readonly string[] = [
  ...catalogueCheckIds,
  ...renderedCheckIds,
  ...storeCheckIds,
];
