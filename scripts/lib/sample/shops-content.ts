/** The sample's shops, CMS pages and blocks, blog posts and blog categories. */
import { config } from '../../../src/lib/config';
import { slugify } from '../../../src/lib/catalog/slug';
import { pageDrafts, blockDrafts, BLOG_AUTHORS, BLOG_CATEGORIES, BLOG_CLOSINGS, BLOG_POSTS, BOOKING_PAGES, type ContentContext } from '../sample-content';
import { dayString, MEDIA_BASE_URL } from './common';
import type { Write } from './files';

/** The four shops, with opening hours, e-mail addresses on the shop's domain and pictures. */
export function buildShops(shopName: string, domain: string) {
  return [
    {
      id: 'preston',
      location: 'preston',
      street: ['38 Fishergate'],
      city: 'Preston',
      postcode: 'PR1 2AD',
      telephone: '01772 203481',
      latitude: 53.7585,
      longitude: -2.7036,
      sunday: ['10:30', '16:30'] as [string, string] | null,
    },
    {
      id: 'blackburn',
      location: 'blackburn',
      street: ['12 King William Street'],
      city: 'Blackburn',
      postcode: 'BB1 7DJ',
      telephone: '01254 661220',
      latitude: 53.7488,
      longitude: -2.4845,
      sunday: ['10:30', '16:00'] as [string, string] | null,
    },
    {
      id: 'bury',
      location: 'bury',
      street: ['5 The Rock'],
      city: 'Bury',
      postcode: 'BL9 0NB',
      telephone: '0161 764 3391',
      latitude: 53.5933,
      longitude: -2.296,
      sunday: null,
    },
    {
      id: 'carlisle',
      location: 'carlisle',
      street: ['47 English Street'],
      city: 'Carlisle',
      postcode: 'CA3 8JW',
      telephone: '01228 524775',
      latitude: 54.8925,
      longitude: -2.9329,
      sunday: ['11:00', '16:00'] as [string, string] | null,
    },
  ].map((s) => ({
    id: s.id,
    location: s.location,
    name: `${shopName} ${s.city}`,
    street: s.street,
    city: s.city,
    postcode: s.postcode,
    country_id: 'GB',
    telephone: s.telephone,
    email: `${s.location}@${domain}`,
    latitude: s.latitude,
    longitude: s.longitude,
    opening_hours: (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const).map((day) =>
      day === 'Sunday'
        ? { day, open: s.sunday?.[0] ?? null, close: s.sunday?.[1] ?? null }
        : { day, open: '09:00', close: day === 'Thursday' ? '19:00' : '17:30' },
    ),
    description: `Our ${s.city} shop on ${s.street[0]!.replace(/^\d+\s+/, '')}: jewellery, watches, repairs, valuations and engraving, with a watch technician on site.`,
    image: `/stores/${s.location}.jpg`,
  }));
}

export type Shop = ReturnType<typeof buildShops>[number];

/** Writes the CMS pages and blocks, the blog posts and categories; returns what the counts and pictures need. */
export function writeContent(write: Write, shopName: string, shops: Shop[]) {
  const ctx: ContentContext = {
    shop: shopName,
    email: config.mailer.contactAddress,
    phone: shops[0]!.telephone,
    towns: shops.map((s) => s.city),
    couponCode: config.constants.newsletterCouponCode,
    couponPercent: config.constants.newsletterCouponPercent,
  };
  const pages = pageDrafts(ctx).map((d, i) => ({
    id: i + 1,
    identifier: d.identifier,
    title: d.title,
    content: d.html,
    content_heading: d.heading ?? d.title,
    meta_title: `${d.title} | ${shopName}`,
    meta_description: d.metaDescription ?? `${d.title} at ${shopName}.`,
    meta_keywords: '',
    layout: 'default',
    active: true,
    store_id: 1,
    booking_form: BOOKING_PAGES.includes(d.identifier),
    ...(d.video ? { video: d.video } : {}),
    noindex: d.noindex ?? false,
  }));
  write('cms-pages.json', pages);
  write(
    'cms-blocks.json',
    blockDrafts(ctx, shops).map((b, i) => ({ id: i + 1, identifier: b.identifier, title: b.title, content: b.html, active: true })),
  );

  const posts = BLOG_POSTS.map((b, i) => {
    const author = BLOG_AUTHORS[b.author]!;
    return {
      id: i + 1,
      title: b.title,
      date: dayString(-(i * 23 + 4), 10),
      uri: `/${config.shop.blogPath}/post/${b.slug}`,
      link: `/${config.shop.blogPath}/post/${b.slug}`,
      // WordPress sends featured images as absolute URLs.
      featuredImage: { sourceUrl: `${MEDIA_BASE_URL}/blog/featured/${b.slug}.jpg`, altText: b.title },
      content: [...b.body, ...(BLOG_CLOSINGS[b.category] ? [BLOG_CLOSINGS[b.category]!] : [])].map((t) => `<p>${t}</p>`).join(''),
      author: { name: author.name, description: author.description, avatar: { url: `/blog/authors/${slugify(author.name)}.svg` } },
      slug: b.slug,
      excerpt: b.excerpt,
      category_ids: [BLOG_CATEGORIES.findIndex((c) => c.slug === b.category) + 1],
    };
  });
  write('blog-posts.json', posts);
  write(
    'blog-categories.json',
    BLOG_CATEGORIES.map((c, i) => ({
      id: i + 1,
      name: c.name,
      slug: c.slug,
      description: c.description,
      children: [],
      posts: posts.filter((p) => p.category_ids.includes(i + 1)).map((p) => p.id),
    })),
  );
  return { pages, posts, blockCount: blockDrafts(ctx, shops).length };
}

export type Post = ReturnType<typeof writeContent>['posts'][number];
