import { describe, expect, it } from 'vitest';
import { escapeHtml, headTags, headTagsHtml } from '#client/lib/head-tags.ts';

/**
 * The head of a prerendered page (and of the same page reached in the app): what a crawler reads
 * to index it in the right language and to attribute its two language versions to one page.
 */

const publicUrl = 'https://vitrine.example';

function linksOf(html: string): string[] {
  return [...html.matchAll(/<link [^>]*>/g)].map((match) => match[0]);
}

describe('headTagsHtml', () => {
  it('gives the English version its own URL as canonical and both versions as alternates', () => {
    const html = headTagsHtml({
      title: 'Pricing · Vitrine',
      description: 'Plans for every store.',
      path: '/pricing',
      language: 'en',
      publicUrl,
    });
    expect(linksOf(html)).toEqual([
      '<link rel="canonical" href="https://vitrine.example/pricing" />',
      '<link rel="alternate" hreflang="en" href="https://vitrine.example/pricing" />',
      '<link rel="alternate" hreflang="fr" href="https://vitrine.example/pricing?lang=fr" />',
      '<link rel="alternate" hreflang="x-default" href="https://vitrine.example/pricing" />',
    ]);
    expect(html).toContain('<title>Pricing · Vitrine</title>');
    expect(html).toContain('<meta name="description" content="Plans for every store." />');
    expect(html).toContain('<meta property="og:url" content="https://vitrine.example/pricing" />');
    expect(html).toContain('<meta property="og:locale" content="en_US" />');
  });

  it('makes the French version canonical to itself, with the same alternates', () => {
    const html = headTagsHtml({
      title: 'Tarifs · Vitrine',
      description: 'Des formules pour chaque boutique.',
      path: '/',
      language: 'fr',
      publicUrl,
    });
    expect(linksOf(html)).toEqual([
      '<link rel="canonical" href="https://vitrine.example/?lang=fr" />',
      '<link rel="alternate" hreflang="en" href="https://vitrine.example/" />',
      '<link rel="alternate" hreflang="fr" href="https://vitrine.example/?lang=fr" />',
      '<link rel="alternate" hreflang="x-default" href="https://vitrine.example/" />',
    ]);
    expect(html).toContain('<meta property="og:url" content="https://vitrine.example/?lang=fr" />');
    expect(html).toContain('<meta property="og:locale" content="fr_FR" />');
    expect(html).toContain('<meta property="og:title" content="Tarifs · Vitrine" />');
  });

  it('escapes quotes and angle brackets in the title and the description', () => {
    const html = headTagsHtml({
      title: 'Say "hi" </title><script>alert(1)</script>',
      description: `It's <b>bold</b> & "quoted"`,
      path: '/legal',
      language: 'en',
      publicUrl,
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<title>Say &quot;hi&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
    );
    expect(html).toContain(
      '<meta name="description" content="It&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;" />',
    );
    // Every attribute value stays inside its quotes: one tag per line, nothing after its end.
    for (const line of html.split('\n'))
      expect(line).toMatch(/^<(title|meta|link) [^<>]*\/>$|^<title>[^<>]*<\/title>$/);
  });

  it('keeps the placeholder the BFF replaces with the public address', () => {
    const html = headTagsHtml({
      title: 'Sign in · Vitrine',
      description: 'Sign in.',
      path: '/login',
      language: 'en',
      publicUrl: '%VITRINE_PUBLIC_URL%',
    });
    expect(html).toContain('<link rel="canonical" href="%VITRINE_PUBLIC_URL%/login" />');
  });
});

describe('headTags', () => {
  it('gives a page without a description its title only', () => {
    expect(
      headTags({ title: 'Dashboard · Vitrine', path: '/dashboard', language: 'en', publicUrl }),
    ).toEqual([{ kind: 'title', text: 'Dashboard · Vitrine' }]);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
