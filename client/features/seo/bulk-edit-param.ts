import type { BulkField } from '#shared/schemas/seo-bulk.ts';

/**
 * Which field the address opens bulk edits on: `/seo/pages?bulk=title` on the SEO titles,
 * `?bulk=description` on the meta descriptions. A module of its own, so that the pages list,
 * which reads it, does not carry the contract's schemas that the bulk editor's chunk brings.
 * Tested in Node (tests/unit/client-seo-bulk-templates.test.ts).
 */

const fieldParams: Record<BulkField, string> = { seoTitle: 'title', seoDescription: 'description' };

export function bulkFieldOfParam(value: string | null): BulkField | null {
  const entry = Object.entries(fieldParams).find(([, param]) => param === value);
  return entry === undefined ? null : (entry[0] as BulkField);
}

export function bulkParamOf(field: BulkField): string {
  return fieldParams[field];
}
