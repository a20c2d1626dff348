import { describe, expect, it, vi } from 'vitest';
import { bulkFieldOfParam, bulkParamOf } from '#client/features/seo/bulk-edit-param.ts';
import {
  fillTemplate,
  insertPlaceholder,
  planHasBulkEdits,
  refusedTemplate,
  storeLanguages,
  templatesToSend,
  unknownPlaceholders,
} from '#client/features/seo/bulk-edit.ts';
import { createApiClient, type ApiRequest, type FetchLike } from '#client/lib/api-client.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { callApi } from '#client/lib/call-api.ts';
import { seoBulkContracts } from '#shared/contracts/seo-bulk.ts';
import {
  bulkPreviewBodySchema,
  bulkFields,
  type BulkPreviewBody,
} from '#shared/schemas/seo-bulk.ts';

/**
 * The bulk editor's templates as the owner writes them: a placeholder button puts its placeholder
 * where the caret is (over the selection) and the caret lands just after it, in an English or a
 * French template alike; the live example fills the placeholders; a name in braces that is not a
 * placeholder is caught before anything is sent; a language left blank, or one the store does not
 * publish, is not sent; the API's refusal of a template points at that language's editor; the
 * address opens the editor on a field.
 */

const example = {
  title: 'Chemise en lin',
  shop: 'Maison Exemple',
  vendor: 'Atelier Lisboa',
  type: 'Chemises',
};

/** A bulk edit's preview, as the screen asks for it through the contract. */
const fetchBulkPreview = async (shopId: string, body: BulkPreviewBody, request: ApiRequest) =>
  (await callApi(seoBulkContracts.preview, { params: { shopId }, body }, request)).data;

describe('a placeholder inserted by its button', () => {
  it('goes where the caret is, and the caret goes just after it', () => {
    const english = insertPlaceholder('Buy  online', { start: 4, end: 4 }, 'title');
    expect(english).toEqual({ template: 'Buy {title} online', caret: 11 });
    const then = insertPlaceholder(english.template, { start: 18, end: 18 }, 'shop');
    expect(then.template).toBe('Buy {title} online{shop}');
    expect(then.caret).toBe(then.template.length);
  });

  it('replaces the text selected, in a French template with accents and apostrophes', () => {
    const template = 'L’écharpe « NOM » de chez nous';
    const start = template.indexOf('NOM');
    const french = insertPlaceholder(template, { start, end: start + 3 }, 'title');
    expect(french.template).toBe('L’écharpe « {title} » de chez nous');
    expect(french.template.slice(0, french.caret)).toBe('L’écharpe « {title}');
    const shop = insertPlaceholder(
      french.template,
      { start: french.template.length - 'nous'.length, end: french.template.length },
      'shop',
    );
    expect(shop.template).toBe('L’écharpe « {title} » de chez {shop}');
  });

  it('lands at the end when the caret is past it, and at the start for a backwards selection', () => {
    expect(insertPlaceholder('abc', { start: 40, end: 50 }, 'type')).toEqual({
      template: 'abc{type}',
      caret: 9,
    });
    expect(insertPlaceholder('abc', { start: 2, end: 1 }, 'vendor')).toEqual({
      template: 'ab{vendor}c',
      caret: 10,
    });
  });
});

describe('the live example', () => {
  it('fills every placeholder, in English and in French', () => {
    expect(fillTemplate('{title} | {shop}', example)).toBe('Chemise en lin | Maison Exemple');
    expect(fillTemplate('{title} par {vendor} : {type} chez {shop}', example)).toBe(
      'Chemise en lin par Atelier Lisboa : Chemises chez Maison Exemple',
    );
  });

  it('leaves no double space where a placeholder gives nothing', () => {
    expect(fillTemplate('{title} {vendor} | {shop}', { ...example, vendor: '' })).toBe(
      'Chemise en lin | Maison Exemple',
    );
  });

  it('shows a name that is no placeholder as written', () => {
    expect(fillTemplate('{titre} | {shop}', example)).toBe('{titre} | Maison Exemple');
  });
});

describe('a template checked before it is sent', () => {
  it('names what is in braces but no placeholder, once each', () => {
    expect(unknownPlaceholders('{title} | {shop}')).toEqual([]);
    expect(unknownPlaceholders('{titre} {Title} {titre} {}')).toEqual(['titre', 'Title', '']);
  });

  it('sends only the languages written in', () => {
    expect(templatesToSend({ en: '{title} | {shop}', fr: '  ' })).toEqual({
      en: '{title} | {shop}',
    });
    expect(templatesToSend({ en: '', fr: '{title} – {shop}' })).toEqual({
      fr: '{title} – {shop}',
    });
    expect(templatesToSend({ en: '', fr: '' })).toEqual({});
  });
});

describe('the API’s refusal of a template', () => {
  function refusing(field: string | undefined) {
    const fetch = vi.fn<FetchLike>(
      async () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'invalid_template',
              message: 'The fr template names {titre}, which is no placeholder',
              ...(field !== undefined && { field }),
            },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    return { fetch, request: createApiClient({ fetch, isAuthInitialized: () => true }) };
  }

  it('points at the language the API names, whose editor then says so', async () => {
    const { fetch, request } = refusing('fr');
    const body = {
      selection: { kind: 'product' as const },
      field: 'seoTitle' as const,
      templates: { en: '{title} | {shop}', fr: '{titre}' },
    };
    const failure = await fetchBulkPreview('shop-1', body, request).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(refusedTemplate(failure)).toEqual({ language: 'fr', reason: 'template' });
    // What was sent is what the contract accepts, on the store's bulk path.
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/shops/shop-1/seo/bulk/preview');
    expect(init.method).toBe('POST');
    expect(bulkPreviewBodySchema.safeParse(JSON.parse(String(init.body))).success).toBe(true);
  });

  it('reads a field given as a path to the template too', async () => {
    const { request } = refusing('templates.en');
    const failure = await fetchBulkPreview(
      'shop-1',
      { selection: {}, field: 'seoDescription', templates: { en: '{x}' } },
      request,
    ).catch((error: unknown) => error);
    expect(refusedTemplate(failure)).toEqual({ language: 'en', reason: 'template' });
  });

  it('points at a language the store does not publish', () => {
    expect(
      refusedTemplate(new ApiError(400, 'invalid_language', 'not published', undefined, 'fr')),
    ).toEqual({ language: 'fr', reason: 'language' });
  });

  it('points at no language for another error, or a refusal without a language', async () => {
    const { request } = refusing(undefined);
    const failure = await fetchBulkPreview(
      'shop-1',
      { selection: {}, field: 'seoTitle', templates: { en: '{x}' } },
      request,
    ).catch((error: unknown) => error);
    expect(refusedTemplate(failure)).toBeNull();
    expect(
      refusedTemplate(new ApiError(403, 'plan_feature_unavailable', 'no', undefined, 'fr')),
    ).toBeNull();
  });
});

describe('the languages written in', () => {
  const locale = (code: string, primary: boolean, published = true) => ({
    locale: code,
    primary,
    published,
  });

  it('are the store’s published ones the app knows, its main language first', () => {
    expect(storeLanguages([locale('en', true), locale('fr', false)])).toEqual(['en', 'fr']);
    expect(storeLanguages([locale('fr-CA', false), locale('en-GB', true)])).toEqual(['en', 'fr']);
    expect(storeLanguages([locale('fr', true), locale('en', false)])).toEqual(['fr', 'en']);
  });

  it('leave out a language not published, or one the app does not know', () => {
    expect(storeLanguages([locale('en', true), locale('fr', false, false)])).toEqual(['en']);
    expect(storeLanguages([locale('fr', true), locale('de', false)])).toEqual(['fr']);
  });

  it('are both when the store’s languages are not known', () => {
    expect(storeLanguages([])).toEqual(['en', 'fr']);
  });

  it('bound the templates sent', () => {
    expect(templatesToSend({ en: '{title}', fr: '{title} – {shop}' }, ['en'])).toEqual({
      en: '{title}',
    });
  });
});

describe('the address and the plan', () => {
  it('opens the editor on the field the address names, and names each field back', () => {
    expect(bulkFieldOfParam('title')).toBe('seoTitle');
    expect(bulkFieldOfParam('description')).toBe('seoDescription');
    expect(bulkFieldOfParam('seoTitle')).toBeNull();
    expect(bulkFieldOfParam(null)).toBeNull();
    for (const field of bulkFields) expect(bulkFieldOfParam(bulkParamOf(field))).toBe(field);
  });

  it('offers bulk edits with Pro and Business, not with Free', () => {
    expect(planHasBulkEdits('free')).toBe(false);
    expect(planHasBulkEdits('pro')).toBe(true);
    expect(planHasBulkEdits('business')).toBe(true);
  });
});
