import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from '../../src/lib/content/sanitize';

describe('sanitizeHtml', () => {
  it('answers each of many different inputs with its own result, again after others (the recent results kept are bounded)', () => {
    const input = (i: number) => `<p onclick="x()">item ${i}</p><script>bad(${i})</script>`;
    for (let round = 0; round < 2; round++) for (let i = 0; i < 150; i++) expect(sanitizeHtml(input(i))).toBe(`<p>item ${i}</p>`);
  });

  it('removes script elements and their text', () => {
    const out = sanitizeHtml('<p>Our repairs</p><script>alert("x")</script><p>workshop</p>');
    expect(out).toBe('<p>Our repairs</p><p>workshop</p>');
    expect(out).not.toMatch(/script|alert/i);
  });

  it('removes inline event handlers', () => {
    const out = sanitizeHtml('<p onclick="steal()" onmouseover="x()">Book now</p><img src="/a.svg" alt="ring" onerror="x()">');
    expect(out).not.toMatch(/on(click|mouseover|error)/i);
    expect(out).toContain('<p>Book now</p>');
    expect(out).toContain('src="/a.svg"');
  });

  it('drops javascript urls in every spelling', () => {
    const out = sanitizeHtml(
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="java\tscript:alert(1)">c</a><a href="&#106;avascript:alert(1)">d</a>',
    );
    expect(out).not.toMatch(/javascript/i);
    expect(out).toBe('<a>a</a><a>b</a><a>c</a><a>d</a>');
  });

  it('drops images whose source is unsafe and data urls', () => {
    expect(sanitizeHtml('<img src="javascript:alert(1)" alt="x">')).toBe('');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA" alt="x">')).toBe('');
  });

  it('removes iframes, forms, styles, svg and objects', () => {
    const out = sanitizeHtml(
      '<iframe src="https://example.com"></iframe><form action="/x"><input name="a"></form><style>p{}</style><div style="color:red">kept</div><object data="x"></object><svg><script>1</script></svg>',
    );
    expect(out).toBe('<div>kept</div>');
  });

  it('keeps headings paragraphs lists links images and tables', () => {
    const html =
      '<h2>Care</h2><p>Clean <strong>gently</strong>.</p><ul><li>One</li></ul><ol><li>Two</li></ol>' +
      '<a href="/repairs" title="Repairs">Repairs</a><a href="tel:01772000000">Call</a><a href="mailto:a@b.co.uk">Mail</a>' +
      '<figure><img src="https://cdn.example.com/r.jpg" alt="Ring" width="310" height="300"><figcaption>Ring</figcaption></figure>' +
      '<table><thead><tr><th scope="col">Size</th></tr></thead><tbody><tr><td>M</td></tr></tbody></table>';
    const out = sanitizeHtml(html);
    for (const part of [
      '<h2>Care</h2>',
      '<strong>gently</strong>',
      '<ul><li>One</li></ul>',
      '<ol><li>Two</li></ol>',
      'href="/repairs"',
      'href="tel:01772000000"',
      'href="mailto:a@b.co.uk"',
      '<figcaption>Ring</figcaption>',
      'width="310"',
      '<th scope="col">Size</th>',
      '<td>M</td>',
    ]) {
      expect(out).toContain(part);
    }
  });

  it('turns an h1 into an h2 so the page keeps one h1', () => {
    expect(sanitizeHtml('<h1 class="x">Evermore</h1>')).toBe('<h2 class="x">Evermore</h2>');
  });

  it('adds noopener to links opening a new tab and drops other targets', () => {
    expect(sanitizeHtml('<a href="https://klarna.com" target="_blank" rel="opener">K</a>')).toBe(
      '<a href="https://klarna.com" target="_blank" rel="noopener noreferrer">K</a>',
    );
    expect(sanitizeHtml('<a href="/faq" target="_self">FAQ</a>')).toBe('<a href="/faq">FAQ</a>');
  });

  it('lazy loads images and always gives them an alt', () => {
    const out = sanitizeHtml('<img src="/media/a.svg">');
    expect(out).toContain('loading="lazy"');
    expect(out).toContain('alt=""');
  });

  it('rejects protocol relative urls', () => {
    expect(sanitizeHtml('<a href="//evil.example.com/x">x</a>')).toBe('<a>x</a>');
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
  });
});

describe('htmlToText', () => {
  it('strips tags and decodes common entities', () => {
    expect(htmlToText('<p>Rings &amp; watches&nbsp;for <b>you</b></p><script>bad()</script>')).toBe('Rings & watches for you');
  });

  it('decodes once: text that shows an entity keeps it, and named and numeric entities read as their characters', () => {
    expect(htmlToText('<p>Write &amp;lt;b&amp;gt; for bold</p>')).toBe('Write &lt;b&gt; for bold');
    expect(htmlToText('<p>Pendle &amp;amp; James</p>')).toBe('Pendle &amp; James');
    expect(htmlToText('<p>&#169; 18ct &ndash; &pound;1,200 &lt;sale&gt; &quot;gift&quot;</p>')).toBe('© 18ct – £1,200 <sale> "gift"');
  });

  it('shortens at a word boundary with an ellipsis', () => {
    expect(htmlToText('<p>Rings and watches for everyone</p>', 20)).toBe('Rings and watches…');
  });
});
