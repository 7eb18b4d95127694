/**
 * The sample shop's words: campaign pages with real structure, the finance page
 * with a representative example whose figures add up, service pages that say what the service
 * costs and takes, blog posts of real length. Read from the committed sample snapshot.
 */
import { describe, expect, it } from 'vitest';
import { readBlogPosts, readCmsPages, readProducts } from '../../src/lib/snapshot/read';

const page = (id: string) => {
  const p = readCmsPages().find((x) => x.identifier === id);
  if (!p) throw new Error(`no cms page ${id}`);
  return p.content ?? '';
};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const words = (html: string) => text(html).split(' ').filter(Boolean).length;

describe('the sample content', () => {
  it('a campaign page says what the offers are, when they run, how they work and the small print', () => {
    for (const id of ['black-friday', 'january-sale', 'christmas']) {
      const html = page(id);
      for (const h of ['The offers', 'When', 'How it works', 'The small print']) expect(html, `${id}: ${h}`).toContain(`<h2>${h}</h2>`);
      expect((html.match(/<li>/g) ?? []).length, id).toBeGreaterThanOrEqual(8);
    }
  });

  it('the finance page carries a representative example whose figures add up', () => {
    const t = text(page('finance-options'));
    // Cash price £1,200, 10% deposit £120, credit £1,080 over 36 months at 19.9% APR representative:
    // the monthly rate is 1.199^(1/12) - 1 (18.29% a year fixed), the annuity payment £39.20,
    // £1,411.20 repaid on the credit and £1,531.20 payable in all.
    expect(t).toContain('Representative example');
    for (const figure of [
      'Cash price £1,200.00',
      'Deposit (10%) £120.00',
      'Amount of credit £1,080.00',
      'Term 36 months',
      'Monthly payment £39.20',
      'Interest rate (fixed) 18.29% a year',
      'Representative APR 19.9%',
      'Total amount of credit repayable £1,411.20',
      'Total amount payable £1,531.20',
    ]) {
      expect(t).toContain(figure);
    }
    // Interest-free over 12 months: £600 less £60 deposit is £540, twelve payments of £45.00, £600.00 in all.
    for (const figure of ['Monthly payment £45.00', 'Representative APR 0.0%', 'Total amount payable £600.00']) expect(t).toContain(figure);
    expect(t).toContain('credit broker, not a lender');
  });

  it('each service page says what it costs and how long it takes', () => {
    for (const id of ['repairs', 'valuations', 'engraving', 'scrap-gold', 'part-exchange', 'bespoke-jewellery-design']) {
      const html = page(id);
      expect(html, id).toContain('<h2>Costs and timings</h2>');
      const t = text(html);
      expect(t, `${id}: a cost`).toMatch(/£\d|no charge|no fees/i);
      expect(t, `${id}: a time`).toMatch(/\d+ (minutes|days|working days|weeks)|about an hour|while you wait|same day/i);
    }
  });

  it('klarna-info explains pay in 3, pay in 30 days and who can use it', () => {
    const html = page('klarna-info');
    for (const h of ['Pay in 3', 'Pay in 30 days', 'Who can use it']) expect(html).toContain(`<h2>${h}</h2>`);
    expect(text(html)).toContain('three payments of £50.00');
  });

  it('every blog post is of real length (at least 250 words in at least five paragraphs)', () => {
    const posts = readBlogPosts();
    expect(posts.length).toBeGreaterThan(10);
    for (const p of posts) {
      expect(words(p.content), p.slug).toBeGreaterThanOrEqual(250);
      expect((p.content.match(/<p>/g) ?? []).length, p.slug).toBeGreaterThanOrEqual(5);
    }
  });

  it('no meta description or short description ends in a doubled full stop', () => {
    const texts = [
      ...readCmsPages().map((p) => [`cms ${p.identifier}`, p.meta_description ?? ''] as const),
      ...readProducts().flatMap((p) => [[`${p.sku} meta`, p.meta_description ?? ''] as const, [`${p.sku} short`, p.short_description ?? ''] as const]),
    ];
    expect(texts.length).toBeGreaterThan(400);
    expect(texts.filter(([, t]) => /\.\.\s*$/.test(t)).map(([where]) => where)).toEqual([]);
  });
});
