/**
 * Editorial copy of the sample snapshot: CMS pages (one per content route of spec §2), CMS blocks
 * and the /pjworld blog. British English, written for a UK jeweller with four shops.
 */

export interface ContentContext {
  shop: string;
  email: string;
  phone: string;
  towns: string[];
  couponCode: string;
  couponPercent: number;
}

export interface PageDraft {
  identifier: string;
  title: string;
  heading?: string;
  html: string;
  booking?: boolean;
  metaDescription?: string;
  video?: { videoId: string; videoUrl: string; loop: boolean; autoplay: boolean; controls: boolean };
  noindex?: boolean;
}

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');
const ul = (...items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
const h2 = (t: string) => `<h2>${t}</h2>`;
const a = (href: string, text: string) => `<a href="${href}">${text}</a>`;

/** The service pages offering the appointment-booking form (§1 service pages). */
export const BOOKING_PAGES = ['repairs', 'valuations', 'engraving', 'jewellery-re-modelling', 'scrap-gold', 'bespoke-jewellery-design', 'watch-battery-replacement', 'part-exchange', 'design-service'];

/** Every content route of spec §2 (without the leading slash), in the spec's order. */
export const CONTENT_ROUTES = [
  'clearance', 'about-us', 'contact-us', 'corporate-services', 'design-service', 'engagement-rings', 'engagement-rings-new',
  'repairs', 'valuations', 'engraving', 'jewellery-re-modelling', 'repair-or-renew', 'scrap-gold', 'bespoke-jewellery-design',
  'watch-battery-replacement', 'part-exchange', 'launch-campaign', 'launch-campaign-dev', 'launch-campaign/terms-and-conditions',
  'black-friday', 'mothers-day', 'fathers-day', 'valentines-day', 'christmas', 'christmas-2022', '12-days-of-christmas',
  'january-sale', 'evermore', 'klarna-info', 'klarna-faqs', 'covid-19-statement', 'careers', 'delivery-and-shipping',
  'store-collection', 'returns-info', 'finance-options', 'price-match', 'faq', 'contact', 'terms-and-conditions',
  'privacy-policy', 'enable-cookies', 'insurance', 'cleaning', 'newsletter-subscription-thank-you',
  'evermore-subscription-thank-you', 'thomas-sabo-outlet', 'gift-wrap-service', 'raymond-weil-prize-draw',
  'nomination-promotions', 'shop-by-occasion', 'shop-by-brand', 'check-test',
] as const;

/** CMS pages reached through the two `{token}` entries of the §2 content-route list. */
export const TOKEN_PAGES = ['gift-guide', 'wedding-collection'];
/** CMS pages linked as /i/{slug}. */
export const INFO_PAGES = ['ring-size-guide', 'diamond-buying-guide', 'caring-for-your-watch', 'hallmarking-explained'];
/** Fallback content pages reached as /p/{slug}. */
export const FALLBACK_PAGES = ['our-story', 'sustainability'];

/** The CMS pages, in a fixed order. */
export function pageDrafts(c: ContentContext): PageDraft[] {
  const towns = c.towns.join(', ').replace(/, ([^,]*)$/, ' and $1');
  const book = p(`Book an appointment below and choose the shop that suits you: ${towns}. You will get a confirmation e-mail, and our team will call you if anything needs discussing before your visit.`);
  const service = (identifier: string, title: string, intro: string, points: string[], more = ''): PageDraft => ({
    identifier, title, heading: title, booking: true, html: p(intro) + ul(...points) + more + book,
    metaDescription: `${title} at ${c.shop}: ${intro.split('. ')[0]}.`,
  });
  const campaign = (identifier: string, title: string, intro: string, link: string, linkText: string, extra = ''): PageDraft => ({
    identifier, title, heading: title, html: p(intro) + p(a(link, linkText)) + extra,
    metaDescription: `${title} at ${c.shop}. ${intro.split('. ')[0]}.`,
  });
  const info = (identifier: string, title: string, html: string, extra: Partial<PageDraft> = {}): PageDraft => ({ identifier, title, heading: title, html, ...extra });

  return [
    campaign('clearance', 'Clearance', 'Last chance to buy: discontinued lines and one-off pieces from our shops, with up to 50% off the original price. When they are gone, they are gone.', '/sale', 'Shop every clearance line'),
    info('about-us', 'About Us', p(`${c.shop} is a family-run jeweller with shops in ${towns}. For over forty years we have helped Lancashire and Cumbria mark engagements, weddings, birthdays and retirements with jewellery and watches chosen with care.`, 'Every shop has a qualified watch technician and a goldsmith on call, so repairs, resizing and engraving are done by people you can meet.') + h2('Our promise') + ul('Free UK delivery on every order', '30-day returns on unworn items', 'Price match against UK authorised retailers', 'Interest-free finance on orders over £250')),
    info('contact-us', 'Contact Us', p(`Call us on ${c.phone} (Monday to Saturday, 9am to 5:30pm) or e-mail ${a(`mailto:${c.email}`, c.email)}; we answer within one working day.`, `You can also visit any of our shops in ${towns}. Opening hours are on each ${a('/stores/jewellers-preston', 'shop page')}.`)),
    service('corporate-services', 'Corporate Services', 'Long-service awards, retirement watches and client gifts, engraved with your company name and delivered to your office.', ['Account manager for orders of ten pieces or more', 'Engraving and presentation boxes included', 'Invoicing on 30-day terms for registered companies']),
    service('design-service', 'Design Service', 'Sit down with one of our designers and turn a sketch, a photograph or an heirloom into a piece that is entirely yours.', ['Free first consultation', 'Hand-drawn sketches and a CAD render before you commit', 'Made in our Hatton Garden partner workshop, hallmarked in Birmingham']),
    info('engagement-rings', 'Engagement Rings', p('Solitaire, halo or trilogy: every engagement ring we sell is set with a conflict-free diamond and comes with a certificate, a lifetime guarantee and free resizing in the first year.') + p(a('/rings/engagement-rings', 'Browse all engagement rings'), a('/i/diamond-buying-guide', 'Read our diamond buying guide'))),
    info('engagement-rings-new', 'New Engagement Rings', p('This season\'s new engagement rings: oval and elongated cushion cuts, hidden halos and slim platinum bands.') + p(a('/rings/engagement-rings', 'See the new arrivals'))),
    service('repairs', 'Jewellery and Watch Repairs', 'From a broken chain to a full watch service, our workshop repairs jewellery and watches of every make, with a written quote before any work starts.', ['Chain and clasp repairs, usually within 7 days', 'Ring resizing and claw re-tipping', 'Watch servicing by our accredited technicians', 'Free cleaning and inspection with every repair']),
    service('valuations', 'Jewellery Valuations', 'Insurance, probate and replacement valuations written by a qualified valuer, with photographs and a detailed description of every piece.', ['Insurance valuations from £45 for the first item', 'Probate valuations for solicitors and executors', 'Valuations reviewed every three years at a reduced fee']),
    service('engraving', 'Engraving', 'Add initials, a date or a short message to rings, pendants, watches and cufflinks. Machine engraving is done in-store while you wait; hand engraving takes about a week.', ['Machine engraving from £10', 'Hand engraving from £25', 'Fonts: script, block and Roman capitals']),
    service('jewellery-re-modelling', 'Jewellery Re-modelling', 'Give old or inherited jewellery a new life: we can reset stones, combine pieces or rework a ring into a pendant.', ['Free consultation and written quote', 'Your own gold can be used where possible', 'Stones checked and cleaned before re-setting']),
    info('repair-or-renew', 'Repair or Renew', p('Not sure whether to repair a much-loved watch or replace it? Bring it in for a free assessment and we will give you an honest answer, including a part-exchange value for a new one.') + p(a('/repairs', 'Our repair service'), a('/part-exchange', 'Part exchange'))),
    service('scrap-gold', 'Scrap Gold', 'Sell unwanted gold, silver and platinum for cash or put the value towards something new. We weigh and test in front of you and pay on the day.', ['Prices updated daily with the market', 'Extra 10% when you spend the value in store', 'Photo ID and proof of address required by law']),
    service('bespoke-jewellery-design', 'Bespoke Jewellery Design', 'A one-off engagement ring, a family heirloom or a gift no one else will have: our bespoke service takes you from first idea to finished piece in about six weeks.', ['Design consultation and sketches', 'CAD render and wax model to approve', 'Certificate for every diamond']),
    service('watch-battery-replacement', 'Watch Battery Replacement', 'Quartz watch stopped? We fit a new battery while you wait, check the seals and test the water resistance where your watch allows.', ['Battery replacement from £12.50', 'Pressure test for water-resistant watches', '12-month guarantee on every battery']),
    service('part-exchange', 'Part Exchange', 'Trade in your old watch or jewellery against anything in our shops. We value it on the spot and take the amount off your new purchase.', ['Watches from Rolex, Omega, Tag Heuer, Longines and other Swiss makers', 'Gold, platinum and diamond jewellery', 'Box and papers help but are not essential']),
    { ...campaign('launch-campaign', 'The New Season Collection', 'Our biggest launch of the year: new Evermore bridal rings, Thomas Sabo charms and limited-edition Raymond Weil watches, available online and in all four shops.', '/launch-campaign/terms-and-conditions', 'Launch offer terms and conditions'), video: { videoId: 'M7lc1UVf-VE', videoUrl: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', loop: false, autoplay: false, controls: true } },
    { ...campaign('launch-campaign-dev', 'The New Season Collection (preview)', 'A preview of the new season launch page.', '/launch-campaign', 'See the live page'), noindex: true },
    info('launch-campaign/terms-and-conditions', 'Launch Campaign Terms and Conditions', p('The launch offer runs from 1 November 2026 at 9am to 30 November 2026 at midnight, while stocks last.', 'The free gift is given with qualifying orders over £150, one per order, and cannot be exchanged for cash. Sale items, gift cards and services do not qualify.', `The promoter is ${c.shop}. We may end the promotion early if stocks run out.`)),
    campaign('black-friday', 'Black Friday', 'Up to 40% off selected jewellery and watches, plus an extra 10% off engagement rings. Online and in store from Friday to Cyber Monday.', '/sale', 'Shop the Black Friday offers'),
    campaign('mothers-day', "Mother's Day", 'Pendants, pearls and birthstone charms she will wear every day. Order by Wednesday for free delivery before Mothering Sunday.', '/gifts/gifts-for-her', 'Gifts for her'),
    campaign('fathers-day', "Father's Day", 'Automatic watches, cufflinks and leather accessories for dad, with free engraving on selected pieces.', '/gifts/gifts-for-him', 'Gifts for him'),
    campaign('valentines-day', "Valentine's Day", 'Hearts, red stones and rose gold: our Valentine\'s edit, gift-wrapped free of charge.', '/gifts/gifts-for-her', 'Shop Valentine\'s gifts'),
    campaign('christmas', 'Christmas Gifts', 'Gifts for everyone on your list, wrapped and delivered free. Order by 20 December for delivery before Christmas.', '/gifts', 'Shop Christmas gifts', p('Our shops open late every Thursday in December.')),
    campaign('christmas-2022', 'Christmas 2022', 'Our Christmas 2022 gift guide, kept for reference: many of these pieces are still available.', '/gifts', 'Shop this year\'s gifts'),
    campaign('12-days-of-christmas', 'The 12 Days of Christmas', 'A different offer every day for twelve days: watch this page each morning for the day\'s deal.', '/sale', 'See today\'s offer', ul(...Array.from({ length: 12 }, (_, i) => `Day ${i + 1}: revealed on ${i + 1} December`))),
    campaign('january-sale', 'January Sale', 'Up to 50% off jewellery and watches, with new reductions added every week of January.', '/sale', 'Shop the sale'),
    campaign('evermore', 'Evermore', 'Evermore is our own collection of diamond engagement rings, wedding bands and eternity rings, made in platinum and 18ct gold and set with certified diamonds.', '/brands/evermore/all-products', 'Shop the Evermore collection'),
    info('klarna-info', 'Pay with Klarna', p('Split the cost of your order into three interest-free payments with Klarna, or pay in 30 days. Choose Klarna at checkout; there are no fees when you pay on time.') + p(a('/klarna-faqs', 'Klarna questions and answers'))),
    info('klarna-faqs', 'Klarna FAQs', h2('Is there a credit check?') + p('Klarna carries out a soft search that does not affect your credit score.') + h2('What happens if I return something?') + p('Klarna adjusts your remaining payments as soon as we process your return.') + h2('Is Klarna regulated?') + p('Pay in 3 and Pay in 30 days are unregulated credit agreements. Borrowing more than you can afford could cause you money problems.')),
    info('covid-19-statement', 'COVID-19 Statement', p(`All four ${c.shop} shops are open as normal. Hand sanitiser remains available at every counter and we are happy to arrange a private appointment if you prefer.`)),
    info('careers', 'Careers', p('We are always happy to hear from people who love jewellery and watches. We currently have openings for sales consultants in Preston and Carlisle and an apprentice watch technician in Bury.') + p(`Send your CV to ${a(`mailto:${c.email}`, c.email)} with the role in the subject line.`)),
    info('delivery-and-shipping', 'Delivery and Shipping', p('Free 2nd Class Delivery on every UK order, usually within 3 to 5 working days. Express Delivery costs £6 and arrives the next working day when ordered before 2pm; it is free on orders over £500.') + p('High-value orders are sent by DPD Courier and need a signature. We do not deliver outside the UK.')),
    info('store-collection', 'Store Collection', p(`Choose store collection at checkout and pick up your order free from ${towns}. We e-mail you when it is ready, usually within two working days; bring your order number and photo ID.`)),
    info('returns-info', 'Returns', p('Return unworn items within 30 days for a full refund. Pierced earrings, engraved or resized pieces and bespoke items cannot be returned unless faulty.') + p('Return by post with the prepaid label in your parcel, or bring the item to any of our shops.')),
    info('finance-options', 'Finance Options', p('Spread the cost of orders over £250 with interest-free finance over 12 months, or 0% representative APR over up to 36 months on selected watches. Subject to status; terms apply.') + p(a('/klarna-info', 'Paying with Klarna'))),
    info('price-match', 'Price Match Promise', p('Seen the same item cheaper at a UK authorised retailer? Tell us before you buy and we will match the price, including delivery. Marketplace sellers, auctions and clearance prices are excluded.')),
    info('faq', 'Frequently Asked Questions', h2('How do I find my ring size?') + p(`Use our ${a('/i/ring-size-guide', 'ring size guide')} or visit a shop for a free sizing.`) + h2('Can I change my order?') + p(`Call us on ${c.phone} within an hour of ordering.`) + h2('Do you offer gift wrapping?') + p(`Yes, see our ${a('/gift-wrap-service', 'gift wrap service')}.`)),
    info('contact', 'Contact', p(`E-mail ${a(`mailto:${c.email}`, c.email)} or call ${c.phone}. For repairs and valuations please book an appointment on the service page.`)),
    info('terms-and-conditions', 'Terms and Conditions', p(`These terms apply to every order placed on this website with ${c.shop}. Prices include VAT at 20%. A contract is formed when we dispatch your order and send a confirmation e-mail.`, 'You may cancel your order within 14 days of delivery under the Consumer Contracts Regulations. Personalised items are excluded unless faulty.')),
    info('privacy-policy', 'Privacy Policy', p('We use your personal data to process orders, provide the services you ask for and, with your consent, send you news and offers. We never sell your data.', `You can ask for a copy of your data or its deletion at any time by writing to ${c.email}.`)),
    info('enable-cookies', 'Enable Cookies', p('Your browser has cookies turned off. Our basket, account and checkout need cookies to work: please enable them in your browser settings and reload the page.')),
    info('insurance', 'Jewellery Insurance', p('Protect your jewellery and watches against loss, theft and accidental damage. Ask in store for a quotation from our insurance partner; you will need a recent valuation.') + p(a('/valuations', 'Book a valuation'))),
    info('cleaning', 'Jewellery Cleaning', p('Bring your jewellery in for a free ultrasonic clean and a check of the settings. Rings with claw settings should be checked at least once a year.') + p(a('/i/caring-for-your-watch', 'Caring for your watch'))),
    info('newsletter-subscription-thank-you', 'Thank You for Subscribing', p(`Welcome! Your ${c.couponPercent}% welcome code ${c.couponCode} is on its way to your inbox. Use it on your first order.`), { noindex: true }),
    info('evermore-subscription-thank-you', 'Thank You for Joining Evermore', p('You are now on the Evermore list: you will be first to see new bridal designs and private events.'), { noindex: true }),
    campaign('thomas-sabo-outlet', 'Thomas Sabo Outlet', 'Selected Thomas Sabo charms, bracelets and watches from previous collections, at up to 40% off.', '/brands/thomas-sabo/all-products', 'Shop Thomas Sabo'),
    info('gift-wrap-service', 'Gift Wrap Service', p('Every order comes in a branded presentation box. Add our luxury gift wrap with a handwritten card for £3.95 at checkout, or free in December.')),
    campaign('raymond-weil-prize-draw', 'Raymond Weil Prize Draw', 'Win a Raymond Weil Freelancer automatic watch worth £1,395. Enter by 31 December 2026; the winner is drawn at random on 5 January 2027. No purchase necessary; UK residents aged 18 or over.', '/brands/raymond-weil/all-products', 'Discover Raymond Weil'),
    campaign('nomination-promotions', 'Nomination Promotions', 'Buy a Nomination Composable starter bracelet and choose a free charm worth up to £25.', '/brands/nomination/all-products', 'Shop Nomination'),
    info('shop-by-occasion', 'Shop by Occasion', ul(a('/rings/engagement-rings', 'Engagement'), a('/rings/wedding-rings', 'Wedding'), a('/gifts/gifts-for-her', 'Birthday gifts for her'), a('/gifts/gifts-for-him', 'Birthday gifts for him'), a('/watches/luxury-watches', 'Retirement'), a('/charms', 'Christening and new baby'))),
    info('shop-by-brand', 'Shop by Brand', p('We are authorised retailers for every brand we sell, so every watch carries the full manufacturer\'s guarantee.') + p(a('/brands', 'See all brands'))),
    info('check-test', 'Check Test', p('This page checks that stored content is cleaned before it is shown.') + '<script>document.title = "injected";</script>' + `<p><a href="javascript:alert('x')">A link that must lose its javascript: address</a></p>` + `<p><button type="button" onclick="alert('x')">A button that must lose its onclick</button></p>` + p('Text after the unsafe markup stays visible.'), { noindex: true }),
    // the two {token} entries of the content-route list
    info('gift-guide', 'Gift Guide', p('Not sure what to choose? Start with a budget and we will do the rest: gifts under £50, under £100 and under £250, all gift-wrapped for free in December.') + ul(a('/gifts/gifts-for-her', 'Gifts for her'), a('/gifts/gifts-for-him', 'Gifts for him'), a('/gifts/gift-cards', 'Gift cards'))),
    info('wedding-collection', 'The Wedding Collection', p('Wedding bands in platinum, palladium and 9ct and 18ct gold, in court, flat and diamond-set profiles. Ask about our matching bridal sets.') + p(a('/rings/wedding-rings', 'Shop wedding rings'))),
    // /i/{slug}
    info('ring-size-guide', 'Ring Size Guide', p('UK ring sizes run from A to Z. Most women wear between J and P and most men between Q and W. If in doubt, choose the larger size: we resize for free in the first year.') + ul('Wrap a strip of paper round the base of your finger', 'Mark where it overlaps and measure the length in millimetres', 'A circumference of 50mm is about size J; 60mm is about size T')),
    info('diamond-buying-guide', 'Diamond Buying Guide', p('Cut, colour, clarity and carat: the four Cs decide how a diamond looks and what it costs. Cut matters most for sparkle; colour grades D to F look icy white, G to J near-colourless.') + p('Every Evermore diamond over 0.30ct comes with a certificate from an independent laboratory.')),
    info('caring-for-your-watch', 'Caring for Your Watch', p('Have a mechanical watch serviced every five years and a quartz battery changed before it leaks. Rinse a diving watch in fresh water after swimming in the sea, and keep watches away from strong magnets.')),
    info('hallmarking-explained', 'Hallmarking Explained', p('A UK hallmark shows who made a piece, its precious-metal content and the assay office that tested it. Gold over 1 gram, silver over 7.78 grams and platinum over 0.5 grams must be hallmarked to be sold as such.')),
    // /p/{slug}
    info('our-story', 'Our Story', p(`${c.shop} opened its first shop in Preston in 1984. Four shops and forty years later we are still family-run, still repairing watches in our own workshop and still learning our customers' names.`)),
    info('sustainability', 'Sustainability', p('We buy from members of the Responsible Jewellery Council, recycle every gram of workshop scrap and ship in plastic-free packaging.')),
  ];
}

export interface BlockDraft {
  identifier: string;
  title: string;
  html: string;
}

/** The CMS blocks: footer, promo strip, takeover banners, category promos, stores and FAQ lists. */
export function blockDrafts(c: ContentContext, shops: { name: string; location: string; telephone: string }[]): BlockDraft[] {
  return [
    { identifier: 'footer-about', title: 'Footer: about', html: p(`${c.shop}: jewellers and watch specialists in ${c.towns.join(', ')}.`) },
    { identifier: 'footer-customer-service', title: 'Footer: customer service', html: ul(a('/delivery-and-shipping', 'Delivery'), a('/returns-info', 'Returns'), a('/faq', 'FAQs'), a('/contact-us', 'Contact us')) },
    { identifier: 'footer-contact', title: 'Footer: contact', html: p(`Call ${c.phone}`, a(`mailto:${c.email}`, c.email)) },
    { identifier: 'footer-payment', title: 'Footer: payment', html: p('Pay securely by card, Klarna or interest-free finance.') },
    { identifier: 'promo-strip', title: 'Promo strip', html: p(`Free UK delivery and 30-day returns. Sign up to our newsletter for ${c.couponPercent}% off your first order.`) },
    { identifier: 'takeover-engagement-rings', title: 'Takeover: engagement rings', html: p('<strong>The Evermore bridal collection</strong>: certified diamonds, lifetime guarantee, free resizing.') + p(a('/evermore', 'Discover Evermore')) },
    { identifier: 'takeover-watches', title: 'Takeover: watches', html: p('<strong>Win a Raymond Weil Freelancer</strong>: enter our prize draw before 31 December.') + p(a('/raymond-weil-prize-draw', 'Enter now')) },
    { identifier: 'category-promo-klarna', title: 'Category promo: Klarna', html: p('Pay in 3 interest-free instalments with Klarna.') + p(a('/klarna-info', 'Find out more')) },
    { identifier: 'category-promo-engraving', title: 'Category promo: engraving', html: p('Free engraving on selected pendants and watches.') + p(a('/engraving', 'About engraving')) },
    { identifier: 'category-promo-finance', title: 'Category promo: finance', html: p('0% finance available on orders over £250.') + p(a('/finance-options', 'Finance options')) },
    { identifier: 'stores-list', title: 'Our shops', html: ul(...shops.map((s) => `${a(`/stores/jewellers-${s.location}`, s.name)}: ${s.telephone}`)) },
    { identifier: 'faq-list', title: 'FAQs', html: ul(a('/faq', 'How do I find my ring size?'), a('/delivery-and-shipping', 'How long does delivery take?'), a('/returns-info', 'Can I return an item?'), a('/klarna-faqs', 'How does Klarna work?')) },
    { identifier: 'newsletter-popup', title: 'Newsletter pop-up', html: p(`Join our newsletter and get ${c.couponPercent}% off your first order.`) },
  ];
}

export interface BlogDraft {
  slug: string;
  title: string;
  category: string;
  author: number;
  excerpt: string;
  body: string[];
}

export const BLOG_AUTHORS = [
  { name: 'Hannah Whitaker', description: 'Jewellery buyer and resident gemstone enthusiast.', colour: '#9b1c31' },
  { name: 'Tom Ashworth', description: 'Watch technician in our Bury workshop for twelve years.', colour: '#2a4d8f' },
  { name: 'Priya Mistry', description: 'Bridal specialist at our Preston shop.', colour: '#2e6b4f' },
];

export const BLOG_CATEGORIES = [
  { slug: 'style-edit', name: 'Style Edit', description: 'How to wear it: stacking, layering and the season\'s trends.' },
  { slug: 'gift-guides', name: 'Gift Guides', description: 'Ideas for every budget and every occasion.' },
  { slug: 'watch-world', name: 'Watch World', description: 'Movements, makers and looking after your watch.' },
  { slug: 'engagement-advice', name: 'Engagement Advice', description: 'Choosing the ring and planning the proposal.' },
  { slug: 'jewellery-care', name: 'Jewellery Care', description: 'Keep it sparkling for a lifetime.' },
];

export const BLOG_POSTS: BlogDraft[] = [
  { slug: 'how-to-stack-rings', title: 'How to Stack Rings', category: 'style-edit', author: 0, excerpt: 'Three simple rules for a ring stack that looks considered rather than cluttered.', body: ['Start with one statement ring and build around it with slimmer bands.', 'Mix metals if you like, but repeat each colour at least twice so it looks deliberate.', 'Leave a finger free: breathing space makes the stack look intentional.'] },
  { slug: 'layering-necklaces', title: 'Layering Necklaces Without the Tangle', category: 'style-edit', author: 0, excerpt: 'Different lengths, different weights and one clever clasp.', body: ['Choose chains at least 5cm apart in length: 40cm, 45cm and 50cm work well together.', 'Vary the weight of the chains so they sit naturally at different depths.'] },
  { slug: 'gifts-under-100', title: 'Gifts Under £100', category: 'gift-guides', author: 0, excerpt: 'Our favourite pieces for under £100, from charms to everyday watches.', body: ['A Thomas Sabo charm or a Nomination link is an easy first gift and starts a collection.', 'For him, a Sekonda or Rotary watch looks far more expensive than it is.'] },
  { slug: 'christmas-gift-guide-2026', title: 'Christmas Gift Guide 2026', category: 'gift-guides', author: 2, excerpt: 'Something for everyone on your list, wrapped and delivered free.', body: ['Pearls are back for the party season, and birthstone pendants remain our best-selling gift.', 'Order by 20 December for delivery before Christmas, or collect from any of our shops.'] },
  { slug: 'automatic-vs-quartz', title: 'Automatic or Quartz: Which Watch Is Right for You?', category: 'watch-world', author: 1, excerpt: 'The difference between a beating heart and a battery, explained by our watch technician.', body: ['A quartz watch is accurate to a few seconds a month and needs a battery every two or three years.', 'An automatic watch winds itself as you wear it; it needs a service every five years but never a battery.'] },
  { slug: 'when-to-service-your-watch', title: 'When Should You Service Your Watch?', category: 'watch-world', author: 1, excerpt: 'Signs that your watch needs attention, and what a service involves.', body: ['If your automatic watch gains or loses more than a minute a day, it is time for a service.', 'A full service includes stripping, cleaning, lubricating and regulating the movement, plus new seals.'] },
  { slug: 'choosing-an-engagement-ring', title: 'Choosing an Engagement Ring', category: 'engagement-advice', author: 2, excerpt: 'Budget, shape and setting: a calm guide to a big decision.', body: ['Decide on a budget first, then the shape: round brilliants sparkle most, ovals look larger for their weight.', 'A platinum setting keeps a white diamond looking white; yellow gold warms lower colour grades.'] },
  { slug: 'finding-her-ring-size-secretly', title: 'Finding Her Ring Size in Secret', category: 'engagement-advice', author: 2, excerpt: 'Five discreet ways to get the size right for a surprise proposal.', body: ['Borrow a ring she wears on the right finger and bring it to any of our shops.', 'If you guess, go slightly larger: we resize engagement rings for free in the first year.'] },
  { slug: 'cleaning-silver-at-home', title: 'Cleaning Silver at Home', category: 'jewellery-care', author: 0, excerpt: 'Bring back the shine to sterling silver with things you already have.', body: ['A soft cloth and warm soapy water remove most tarnish.', 'Store silver in an anti-tarnish pouch, away from perfume and hairspray.'] },
  { slug: 'looking-after-pearls', title: 'Looking After Pearls', category: 'jewellery-care', author: 0, excerpt: 'Last on, first off: the golden rule for pearls.', body: ['Put pearls on after make-up and perfume, and wipe them with a soft cloth before putting them away.', 'Have a strand restrung every few years if you wear it often.'] },
  { slug: 'birthstones-month-by-month', title: 'Birthstones Month by Month', category: 'style-edit', author: 0, excerpt: 'From January garnet to December tanzanite.', body: ['January garnet, February amethyst, March aquamarine, April diamond, May emerald, June pearl.', 'July ruby, August peridot, September sapphire, October opal, November topaz, December tanzanite.'] },
  { slug: 'smartwatch-buying-guide', title: 'Smartwatch Buying Guide', category: 'watch-world', author: 1, excerpt: 'Battery life, sensors and contactless payments compared.', body: ['Garmin watches lead on battery life and GPS accuracy; Fossil smartwatches look more like classic watches.', 'Check that the watch supports contactless payments with your bank before you buy.'] },
];
