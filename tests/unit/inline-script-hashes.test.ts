import { describe, expect, it } from 'vitest';
import {
  cspHashesFile,
  inlineScriptHashes,
  scriptHash,
} from '../../scripts/vite/inline-script-hashes.ts';

// The example of the CSP Level 3 specification and MDN: the hash of exactly this script text.
const mdnScript = "alert('Hello, world.');";
const mdnHash = 'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=';

describe('scriptHash', () => {
  it('is the base64 SHA-256 of the script text, as CSP names it', () => {
    expect(scriptHash(mdnScript)).toBe(mdnHash);
  });

  it('changes with any whitespace, as browsers hash the text exactly', () => {
    expect(scriptHash(` ${mdnScript}`)).not.toBe(mdnHash);
  });
});

describe('inlineScriptHashes', () => {
  it('finds nothing in a page whose scripts are all external', () => {
    const html =
      '<html><head><script type="module" crossorigin src="/assets/index-abc.js"></script></head></html>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it('hashes classic and module inline scripts, in order and once each', () => {
    const html = [
      `<script>${mdnScript}</script>`,
      '<script type="module">import "/a.js";</script>',
      `<SCRIPT TYPE='text/javascript'>${mdnScript}</SCRIPT >`,
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([mdnHash, scriptHash('import "/a.js";')]);
  });

  it('skips data blocks, which browsers never execute', () => {
    const html = [
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script type=application/json>{"a":1}</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it('hashes multi-line scripts with their line breaks', () => {
    const text = '\n  window.a = 1;\n  window.b = 2;\n';
    expect(inlineScriptHashes(`<body><script>${text}</script></body>`)).toEqual([scriptHash(text)]);
  });

  it('is written as the scriptSrc list that the BFF reads', () => {
    expect(cspHashesFile(`<script>${mdnScript}</script>`)).toEqual({ scriptSrc: [mdnHash] });
    expect(cspHashesFile('<p>no scripts</p>')).toEqual({ scriptSrc: [] });
  });
});
