/**
 * Editorial copy of the sample snapshot: CMS pages (one per content route of spec §2), CMS blocks
 * and the /pjworld blog. British English, written for a UK jeweller with four shops.
 */
import { firstSentence } from './sample/common';

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
const pounds = (n: number) => `£${n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A finance offer's terms, from which its representative example is worked out. */
export interface FinanceTerms {
  cashPrice: number;
  depositPercent: number;
  months: number;
  /** Representative APR in percent (0 for interest-free). */
  apr: number;
}

/**
 * The figures of a representative example (UK consumer credit rules): the monthly payment of an
 * annuity at the monthly rate equivalent to the APR, rounded to the penny, and the totals from it.
 */
export function financeFigures(t: FinanceTerms): { deposit: number; credit: number; monthly: number; totalCredit: number; totalPayable: number } {
  const deposit = Math.round(t.cashPrice * t.depositPercent) / 100;
  const credit = Math.round((t.cashPrice - deposit) * 100) / 100;
  const r = Math.pow(1 + t.apr / 100, 1 / 12) - 1;
  const monthly = Math.round((r === 0 ? credit / t.months : (credit * r) / (1 - Math.pow(1 + r, -t.months))) * 100) / 100;
  const totalCredit = Math.round(monthly * t.months * 100) / 100;
  return { deposit, credit, monthly, totalCredit, totalPayable: Math.round((deposit + totalCredit) * 100) / 100 };
}

/** A representative example as a definition list. */
function financeExample(t: FinanceTerms): string {
  const f = financeFigures(t);
  const rows: [string, string][] = [
    ['Cash price', pounds(t.cashPrice)],
    [`Deposit (${t.depositPercent}%)`, pounds(f.deposit)],
    ['Amount of credit', pounds(f.credit)],
    ['Term', `${t.months} months`],
    ['Monthly payment', pounds(f.monthly)],
    ['Interest rate (fixed)', `${t.apr === 0 ? '0' : (Math.round((Math.pow(1 + t.apr / 100, 1 / 12) - 1) * 1200 * 100) / 100).toFixed(2)}% a year`],
    ['Representative APR', `${t.apr.toFixed(1)}%`],
    ['Total amount of credit repayable', pounds(f.totalCredit)],
    ['Total amount payable', pounds(f.totalPayable)],
  ];
  return `<dl class="finance-example">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

/** The service pages offering the appointment-booking form (§1 service pages). */
export const BOOKING_PAGES = [
  'repairs',
  'valuations',
  'engraving',
  'jewellery-re-modelling',
  'scrap-gold',
  'bespoke-jewellery-design',
  'watch-battery-replacement',
  'part-exchange',
  'design-service',
];

/** CMS pages reached through the two `{token}` entries of the §2 content-route list. */
export const TOKEN_PAGES = ['gift-guide', 'wedding-collection'];
/** CMS pages linked as /i/{slug}. */
export const INFO_PAGES = ['ring-size-guide', 'diamond-buying-guide', 'caring-for-your-watch', 'hallmarking-explained'];
/** Fallback content pages reached as /p/{slug}. */
export const FALLBACK_PAGES = ['our-story', 'sustainability'];

/** The CMS pages, in a fixed order. */
export function pageDrafts(c: ContentContext): PageDraft[] {
  const towns = c.towns.join(', ').replace(/, ([^,]*)$/, ' and $1');
  const book = p(
    `Book an appointment below and choose the shop that suits you: ${towns}. You will get a confirmation e-mail, and our team will call you if anything needs discussing before your visit.`,
  );
  const service = (identifier: string, title: string, intro: string, points: string[], more = ''): PageDraft => ({
    identifier,
    title,
    heading: title,
    booking: true,
    html: p(intro) + ul(...points) + more + book,
    metaDescription: `${title} at ${c.shop}: ${firstSentence(intro)}`,
  });
  const campaign = (identifier: string, title: string, intro: string, link: string, linkText: string, extra = ''): PageDraft => ({
    identifier,
    title,
    heading: title,
    html: p(intro) + p(a(link, linkText)) + extra,
    metaDescription: `${title} at ${c.shop}. ${firstSentence(intro)}`,
  });
  const info = (identifier: string, title: string, html: string, extra: Partial<PageDraft> = {}): PageDraft => ({
    identifier,
    title,
    heading: title,
    html,
    ...extra,
  });
  // A campaign page as a retailer runs one: the offers, when they run, how to claim them and the small print.
  const season = (
    identifier: string,
    title: string,
    intro: string,
    offers: string[],
    when: string,
    how: string[],
    small: string[],
    link: string,
    linkText: string,
  ): PageDraft => ({
    identifier,
    title,
    heading: title,
    html:
      p(intro) +
      h2('The offers') +
      ul(...offers) +
      h2('When') +
      p(when) +
      h2('How it works') +
      ul(...how) +
      p(a(link, linkText)) +
      h2('The small print') +
      ul(...small),
    metaDescription: `${title} at ${c.shop}. ${firstSentence(intro)}`,
  });
  const smallPrint = (extra: string[] = []) => [
    'Offers apply to new orders only, while stocks last, and cannot be combined with any other discount, voucher or price match.',
    'Reductions are taken from our regular selling prices; sale items are marked on the product page.',
    'Returns of offer items follow our usual 30-day returns policy; a refund is for the price you paid.',
    ...extra,
  ];

  return [
    campaign(
      'clearance',
      'Clearance',
      'Last chance to buy: discontinued lines and one-off pieces from our shops, with up to 50% off the original price. When they are gone, they are gone.',
      '/sale',
      'Shop every clearance line',
    ),
    info(
      'about-us',
      'About Us',
      p(
        `${c.shop} is a family-run jeweller with shops in ${towns}. For over forty years we have helped Lancashire and Cumbria mark engagements, weddings, birthdays and retirements with jewellery and watches chosen with care.`,
        'Every shop has a qualified watch technician and a goldsmith on call, so repairs, resizing and engraving are done by people you can meet.',
      ) +
        h2('Our promise') +
        ul(
          'Free UK delivery on every order',
          '30-day returns on unworn items',
          'Price match against UK authorised retailers',
          'Interest-free finance on orders over £250',
        ),
    ),
    info(
      'contact-us',
      'Contact Us',
      p(
        `Call us on ${c.phone} (Monday to Saturday, 9am to 5:30pm) or e-mail ${a(`mailto:${c.email}`, c.email)}; we answer within one working day.`,
        `You can also visit any of our shops in ${towns}. Opening hours are on each ${a('/stores/jewellers-preston', 'shop page')}.`,
      ),
    ),
    service(
      'corporate-services',
      'Corporate Services',
      'Long-service awards, retirement watches and client gifts, engraved with your company name and delivered to your office.',
      ['Account manager for orders of ten pieces or more', 'Engraving and presentation boxes included', 'Invoicing on 30-day terms for registered companies'],
    ),
    service(
      'design-service',
      'Design Service',
      'Sit down with one of our designers and turn a sketch, a photograph or an heirloom into a piece that is entirely yours.',
      [
        'Free first consultation',
        'Hand-drawn sketches and a CAD render before you commit',
        'Made in our Hatton Garden partner workshop, hallmarked in Birmingham',
      ],
    ),
    info(
      'engagement-rings',
      'Engagement Rings',
      p(
        'Solitaire, halo or trilogy: every engagement ring we sell is set with a conflict-free diamond and comes with a certificate, a lifetime guarantee and free resizing in the first year.',
      ) + p(a('/rings/engagement-rings', 'Browse all engagement rings'), a('/i/diamond-buying-guide', 'Read our diamond buying guide')),
    ),
    info(
      'engagement-rings-new',
      'New Engagement Rings',
      p("This season's new engagement rings: oval and elongated cushion cuts, hidden halos and slim platinum bands.") +
        p(a('/rings/engagement-rings', 'See the new arrivals')),
    ),
    service(
      'repairs',
      'Jewellery and Watch Repairs',
      'From a broken chain to a full watch service, our workshop repairs jewellery and watches of every make, with a written quote before any work starts.',
      [
        'Chain and clasp repairs, usually within 7 days',
        'Ring resizing and claw re-tipping',
        'Watch servicing by our accredited technicians',
        'Free cleaning and inspection with every repair',
      ],
      h2('Costs and timings') +
        ul(
          'Chain and clasp repairs from £15, ready in about 7 days',
          'Ring resizing from £30, ready in 5 to 7 days (free in the first year for rings bought from us)',
          'Watch service from £95 (quartz) or £195 (automatic), 4 to 6 weeks in our Bury workshop',
          'A written quote first: nothing is done without your agreement, and every repair is guaranteed for 12 months',
        ) +
        h2('More from our workshop') +
        ul(
          a('/repair-or-renew', 'Repair or renew'),
          a('/insurance', 'Insurance'),
          a('/cleaning', 'Cleaning'),
          a('/design-service', 'Design service'),
          a('/jewellery-re-modelling', 'Jewellery re-modelling'),
          a('/corporate-services', 'Corporate services'),
          a('/i/caring-for-your-watch', 'Caring for your watch'),
          a('/i/hallmarking-explained', 'Hallmarking explained'),
          a('/contact', 'Write to us'),
        ),
    ),
    service(
      'valuations',
      'Jewellery Valuations',
      'Insurance, probate and replacement valuations written by a qualified valuer, with photographs and a detailed description of every piece.',
      [
        'Insurance valuations from £45 for the first item',
        'Probate valuations for solicitors and executors',
        'Valuations reviewed every three years at a reduced fee',
      ],
      h2('Costs and timings') +
        ul(
          'Insurance valuation £45 for the first item and £20 for each further item',
          'Probate valuations from £75, with a report your solicitor can file',
          'Appointments take about 30 minutes; the written valuation follows within 5 working days',
          'Your jewellery stays with you: we photograph and measure it in front of you',
        ),
    ),
    service(
      'engraving',
      'Engraving',
      'Add initials, a date or a short message to rings, pendants, watches and cufflinks. Machine engraving is done in-store while you wait; hand engraving takes about a week.',
      ['Machine engraving from £10', 'Hand engraving from £25', 'Fonts: script, block and Roman capitals'],
      h2('Costs and timings') +
        ul(
          'Machine engraving from £10 for up to 20 characters, done while you wait (about 20 minutes)',
          'Hand engraving from £25, ready in about a week',
          'Free engraving on selected watches and pendants bought from us',
          'Engraved pieces cannot be returned unless faulty, so we show you a proof first',
        ),
    ),
    service(
      'jewellery-re-modelling',
      'Jewellery Re-modelling',
      'Give old or inherited jewellery a new life: we can reset stones, combine pieces or rework a ring into a pendant.',
      ['Free consultation and written quote', 'Your own gold can be used where possible', 'Stones checked and cleaned before re-setting'],
    ),
    info(
      'repair-or-renew',
      'Repair or Renew',
      p(
        'Not sure whether to repair a much-loved watch or replace it? Bring it in for a free assessment and we will give you an honest answer, including a part-exchange value for a new one.',
      ) + p(a('/repairs', 'Our repair service'), a('/part-exchange', 'Part exchange')),
    ),
    service(
      'scrap-gold',
      'Scrap Gold',
      'Sell unwanted gold, silver and platinum for cash or put the value towards something new. We weigh and test in front of you and pay on the day.',
      ['Prices updated daily with the market', 'Extra 10% when you spend the value in store', 'Photo ID and proof of address required by law'],
      h2('Costs and timings') +
        ul(
          'No fees and no obligation: the price we quote is the price we pay',
          'Weighing and testing takes about 15 minutes, and we pay by bank transfer the same day',
          'Prices follow the daily market for 9ct, 14ct, 18ct and 22ct gold, silver and platinum',
          'Bring photo ID and proof of address dated within three months',
        ),
    ),
    service(
      'bespoke-jewellery-design',
      'Bespoke Jewellery Design',
      'A one-off engagement ring, a family heirloom or a gift no one else will have: our bespoke service takes you from first idea to finished piece in about six weeks.',
      ['Design consultation and sketches', 'CAD render and wax model to approve', 'Certificate for every diamond'],
      h2('Costs and timings') +
        ul(
          'The design consultation is free and takes about an hour',
          'Bespoke rings from £1,500; a 50% deposit starts the work once you approve the design',
          'About six weeks from approval to the finished piece, with a wax or 3D-printed model to try',
          'Every bespoke piece is hallmarked in the UK and comes with its certificates',
        ),
    ),
    service(
      'watch-battery-replacement',
      'Watch Battery Replacement',
      'Quartz watch stopped? We fit a new battery while you wait, check the seals and test the water resistance where your watch allows.',
      ['Battery replacement from £12.50', 'Pressure test for water-resistant watches', '12-month guarantee on every battery'],
    ),
    service(
      'part-exchange',
      'Part Exchange',
      'Trade in your old watch or jewellery against anything in our shops. We value it on the spot and take the amount off your new purchase.',
      [
        'Watches from Rolex, Omega, Tag Heuer, Longines and other Swiss makers',
        'Gold, platinum and diamond jewellery',
        'Box and papers help but are not essential',
      ],
      h2('Costs and timings') +
        ul(
          'There is no charge: we value your piece and take the amount off your new purchase',
          'A valuation takes about 20 minutes while you browse',
          'Watches are checked by our technician; box and papers usually add to the value',
          'Our offer is held for 14 days, so you can take time to choose',
        ),
    ),
    {
      ...campaign(
        'launch-campaign',
        'The New Season Collection',
        'Our biggest launch of the year: new Evermore bridal rings, Thomas Sabo charms and limited-edition Raymond Weil watches, available online and in all four shops.',
        '/launch-campaign/terms-and-conditions',
        'Launch offer terms and conditions',
      ),
      video: { videoId: 'M7lc1UVf-VE', videoUrl: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', loop: false, autoplay: false, controls: true },
    },
    {
      ...campaign(
        'launch-campaign-dev',
        'The New Season Collection (preview)',
        'A preview of the new season launch page.',
        '/launch-campaign',
        'See the live page',
      ),
      noindex: true,
    },
    info(
      'launch-campaign/terms-and-conditions',
      'Launch Campaign Terms and Conditions',
      p(
        'The launch offer runs from 1 November 2026 at 9am to 30 November 2026 at midnight, while stocks last.',
        'The free gift is given with qualifying orders over £150, one per order, and cannot be exchanged for cash. Sale items, gift cards and services do not qualify.',
        `The promoter is ${c.shop}. We may end the promotion early if stocks run out.`,
      ),
    ),
    season(
      'black-friday',
      'Black Friday',
      'Our biggest offers of the year: up to 40% off selected jewellery and watches, an extra 10% off engagement rings, and free express delivery on every order. Online and in all four shops.',
      [
        'Up to 40% off selected jewellery from Thomas Sabo, Swarovski, Daisy London and Links of London',
        'Up to 30% off selected watches from Tissot, Seiko, Citizen and Rotary',
        'An extra 10% off every engagement ring, taken off at checkout',
        'Free express delivery on every order, and free gift wrap with a handwritten card',
      ],
      'From 9am on Friday 27 November to midnight on Monday 30 November 2026 (Cyber Monday), online and in store. Our shops open until 8pm on the Friday and Saturday.',
      [
        'Reductions are already shown on the product pages and in the sale listing.',
        'The extra 10% on engagement rings comes off automatically when one is in your basket.',
        'Choose store collection at checkout to pick up from your local shop the next day.',
        'Interest-free finance is available on orders over £250, including offer prices.',
      ],
      smallPrint(['The extra 10% off engagement rings does not apply to bespoke commissions or to rings already reduced by more than 20%.']),
      '/sale',
      'Shop the Black Friday offers',
    ),
    campaign(
      'mothers-day',
      "Mother's Day",
      'Pendants, pearls and birthstone charms she will wear every day. Order by Wednesday for free delivery before Mothering Sunday.',
      '/gifts/gifts-for-her',
      'Gifts for her',
    ),
    campaign(
      'fathers-day',
      "Father's Day",
      'Automatic watches, cufflinks and leather accessories for dad, with free engraving on selected pieces.',
      '/gifts/gifts-for-him',
      'Gifts for him',
    ),
    campaign(
      'valentines-day',
      "Valentine's Day",
      "Hearts, red stones and rose gold: our Valentine's edit, gift-wrapped free of charge.",
      '/gifts/gifts-for-her',
      "Shop Valentine's gifts",
    ),
    season(
      'christmas',
      'Christmas Gifts',
      'Gifts for everyone on your list, gift-wrapped free and delivered free. Order by 20 December for delivery before Christmas.',
      [
        'Free luxury gift wrap and a handwritten card on every order in December',
        'Free engraving on selected pendants, cufflinks and watches',
        'Extended returns: anything bought from 1 November can be returned until 15 January',
        'Gift cards from £10 to £1,000, sent by e-mail or in a card',
      ],
      'Last order dates: 20 December for Free 2nd Class Delivery, 22 December at 2pm for Express Delivery, 23 December at 4pm for store collection.',
      [
        'Add gift wrap at checkout and write your message; we leave the price off the packing slip.',
        'Our shops open late every Thursday in December, until 8pm.',
        'Not sure of a size? Ring sizes can be changed free in January.',
      ],
      smallPrint(["Delivery dates are our carriers' estimates and cannot be guaranteed in severe weather."]),
      '/gifts',
      'Shop Christmas gifts',
    ),
    campaign(
      'christmas-2022',
      'Christmas 2022',
      'Our Christmas 2022 gift guide, kept for reference: many of these pieces are still available.',
      '/gifts',
      "Shop this year's gifts",
    ),
    campaign(
      '12-days-of-christmas',
      'The 12 Days of Christmas',
      "A different offer every day for twelve days: watch this page each morning for the day's deal.",
      '/sale',
      "See today's offer",
      ul(...Array.from({ length: 12 }, (_, i) => `Day ${i + 1}: revealed on ${i + 1} December`)),
    ),
    season(
      'january-sale',
      'January Sale',
      'Up to 50% off jewellery and watches, with new reductions added every Monday of January.',
      [
        'Up to 50% off selected jewellery and previous-season charms',
        "Up to 40% off selected watches, with the full manufacturer's guarantee",
        'Ex-display diamond rings at up to 30% off, each with its certificate',
        'Free resizing on every sale ring',
      ],
      'From Boxing Day, 26 December 2026 at 8am, to Sunday 31 January 2027, online and in store.',
      [
        'Sale prices are shown on the product page with the original price struck through.',
        'New reductions go live every Monday at 9am.',
        'Reserve online and collect in store to try a piece on before you pay.',
      ],
      smallPrint(['Ex-display pieces may show light signs of handling and are sold with the same guarantee as new.']),
      '/sale',
      'Shop the sale',
    ),
    campaign(
      'evermore',
      'Evermore',
      'Evermore is our own collection of diamond engagement rings, wedding bands and eternity rings, made in platinum and 18ct gold and set with certified diamonds.',
      '/brands/evermore/all-products',
      'Shop the Evermore collection',
    ),
    info(
      'klarna-info',
      'Pay with Klarna',
      p(
        'Split the cost of your order into three interest-free payments with Klarna, or pay in full 30 days after delivery. Choose Klarna at checkout; there are no fees when you pay on time.',
      ) +
        h2('Pay in 3') +
        p(
          'The first payment is taken when your order is dispatched and the other two 30 and 60 days later. For a £150 order that is three payments of £50.00, 0% interest, £150.00 in total.',
        ) +
        h2('Pay in 30 days') +
        p('Try your jewellery at home and pay for what you keep within 30 days of dispatch. Klarna e-mails you a reminder before the payment is due.') +
        h2('Who can use it') +
        ul(
          'UK residents aged 18 or over with a UK debit or credit card',
          'Orders from £35 to £1,000',
          'Subject to status: Klarna carries out a soft search that does not affect your credit score',
        ) +
        p(
          'Pay in 3 and Pay in 30 days are unregulated credit agreements. Borrowing more than you can afford or paying late may affect your ability to borrow in future.',
        ) +
        p(a('/klarna-faqs', 'Klarna questions and answers'), a('/finance-options', 'Finance over 12 to 36 months')),
    ),
    info(
      'klarna-faqs',
      'Klarna FAQs',
      h2('Is there a credit check?') +
        p('Klarna carries out a soft search that does not affect your credit score.') +
        h2('What happens if I return something?') +
        p('Klarna adjusts your remaining payments as soon as we process your return.') +
        h2('Is Klarna regulated?') +
        p('Pay in 3 and Pay in 30 days are unregulated credit agreements. Borrowing more than you can afford could cause you money problems.'),
    ),
    info(
      'covid-19-statement',
      'COVID-19 Statement',
      p(
        `All four ${c.shop} shops are open as normal. Hand sanitiser remains available at every counter and we are happy to arrange a private appointment if you prefer.`,
      ),
    ),
    info(
      'careers',
      'Careers',
      p(
        'We are always happy to hear from people who love jewellery and watches. We currently have openings for sales consultants in Preston and Carlisle and an apprentice watch technician in Bury.',
      ) + p(`Send your CV to ${a(`mailto:${c.email}`, c.email)} with the role in the subject line.`),
    ),
    info(
      'delivery-and-shipping',
      'Delivery and Shipping',
      p(
        'Free 2nd Class Delivery on every UK order, usually within 3 to 5 working days. Express Delivery costs £6 and arrives the next working day when ordered before 2pm; it is free on orders over £500.',
      ) + p('High-value orders are sent by DPD Courier and need a signature. We do not deliver outside the UK.'),
    ),
    info(
      'store-collection',
      'Store Collection',
      p(
        `Choose store collection at checkout and pick up your order free from ${towns}. We e-mail you when it is ready, usually within two working days; bring your order number and photo ID.`,
      ),
    ),
    info(
      'returns-info',
      'Returns',
      p(
        'Return unworn items within 30 days for a full refund. Pierced earrings, engraved or resized pieces and bespoke items cannot be returned unless faulty.',
      ) + p('Return by post with the prepaid label in your parcel, or bring the item to any of our shops.'),
    ),
    info(
      'finance-options',
      'Finance Options',
      p(
        'Spread the cost of orders over £250 with a 10% deposit and monthly payments over 12, 24 or 36 months: interest-free over 12 months on everything, or at 19.9% APR representative over 24 or 36 months.',
      ) +
        h2('Representative example') +
        financeExample({ cashPrice: 1200, depositPercent: 10, months: 36, apr: 19.9 }) +
        h2('Interest-free over 12 months') +
        financeExample({ cashPrice: 600, depositPercent: 10, months: 12, apr: 0 }) +
        h2('How to apply') +
        ul(
          'Choose finance at checkout and pay your deposit by card.',
          'Complete a short application; most decisions take a minute or two.',
          'We dispatch your order as soon as the agreement is signed.',
        ) +
        p(
          `Finance is provided by our lending partner, subject to status, for UK residents aged 18 or over. ${c.shop} is a credit broker, not a lender, and may receive a commission from the lender. Missing payments could affect your credit rating.`,
        ) +
        p(a('/klarna-info', 'Paying with Klarna')),
    ),
    info(
      'price-match',
      'Price Match Promise',
      p(
        'Seen the same item cheaper at a UK authorised retailer? Tell us before you buy and we will match the price, including delivery. Marketplace sellers, auctions and clearance prices are excluded.',
      ),
    ),
    info(
      'faq',
      'Frequently Asked Questions',
      h2('How do I find my ring size?') +
        p(`Use our ${a('/i/ring-size-guide', 'ring size guide')} or visit a shop for a free sizing.`) +
        h2('Can I change my order?') +
        p(`Call us on ${c.phone} within an hour of ordering.`) +
        h2('Do you offer gift wrapping?') +
        p(`Yes, see our ${a('/gift-wrap-service', 'gift wrap service')}.`),
    ),
    info(
      'contact',
      'Contact',
      p(`E-mail ${a(`mailto:${c.email}`, c.email)} or call ${c.phone}. For repairs and valuations please book an appointment on the service page.`),
    ),
    info(
      'terms-and-conditions',
      'Terms and Conditions',
      p(
        `These terms apply to every order placed on this website with ${c.shop}. Prices include VAT at 20%. A contract is formed when we dispatch your order and send a confirmation e-mail.`,
        'You may cancel your order within 14 days of delivery under the Consumer Contracts Regulations. Personalised items are excluded unless faulty.',
      ),
    ),
    info(
      'privacy-policy',
      'Privacy Policy',
      p(
        'We use your personal data to process orders, provide the services you ask for and, with your consent, send you news and offers. We never sell your data.',
        `You can ask for a copy of your data or its deletion at any time by writing to ${c.email}.`,
      ),
    ),
    info(
      'enable-cookies',
      'Enable Cookies',
      p(
        'Your browser has cookies turned off. Our basket, account and checkout need cookies to work: please enable them in your browser settings and reload the page.',
      ),
    ),
    info(
      'insurance',
      'Jewellery Insurance',
      p(
        'Protect your jewellery and watches against loss, theft and accidental damage. Ask in store for a quotation from our insurance partner; you will need a recent valuation.',
      ) + p(a('/valuations', 'Book a valuation')),
    ),
    info(
      'cleaning',
      'Jewellery Cleaning',
      p('Bring your jewellery in for a free ultrasonic clean and a check of the settings. Rings with claw settings should be checked at least once a year.') +
        p(a('/i/caring-for-your-watch', 'Caring for your watch')),
    ),
    info(
      'newsletter-subscription-thank-you',
      'Thank You for Subscribing',
      p(`Welcome! Your ${c.couponPercent}% welcome code ${c.couponCode} is on its way to your inbox. Use it on your next order.`),
      { noindex: true },
    ),
    info(
      'evermore-subscription-thank-you',
      'Thank You for Joining Evermore',
      p('You are now on the Evermore list: you will be first to see new bridal designs and private events.'),
      { noindex: true },
    ),
    campaign(
      'thomas-sabo-outlet',
      'Thomas Sabo Outlet',
      'Selected Thomas Sabo charms, bracelets and watches from previous collections, at up to 40% off.',
      '/brands/thomas-sabo/all-products',
      'Shop Thomas Sabo',
    ),
    info(
      'gift-wrap-service',
      'Gift Wrap Service',
      p('Every order comes in a branded presentation box. Add our luxury gift wrap with a handwritten card for £3.95 at checkout, or free in December.'),
    ),
    campaign(
      'raymond-weil-prize-draw',
      'Raymond Weil Prize Draw',
      'Win a Raymond Weil Freelancer automatic watch worth £1,395. Enter by 31 December 2026; the winner is drawn at random on 5 January 2027. No purchase necessary; UK residents aged 18 or over.',
      '/brands/raymond-weil/all-products',
      'Discover Raymond Weil',
    ),
    campaign(
      'nomination-promotions',
      'Nomination Promotions',
      'Buy a Nomination Composable starter bracelet and choose a free charm worth up to £25.',
      '/brands/nomination/all-products',
      'Shop Nomination',
    ),
    info(
      'shop-by-occasion',
      'Shop by Occasion',
      ul(
        a('/rings/engagement-rings', 'Engagement'),
        a('/rings/wedding-rings', 'Wedding'),
        a('/gifts/gifts-for-her', 'Birthday gifts for her'),
        a('/gifts/gifts-for-him', 'Birthday gifts for him'),
        a('/watches/luxury-watches', 'Retirement'),
        a('/charms', 'Christening and new baby'),
      ) +
        h2('Collections and seasonal offers') +
        ul(
          a('/engagement-rings', 'Engagement Rings'),
          a('/engagement-rings-new', 'New Engagement Rings'),
          a('/wedding-collection', 'The Wedding Collection'),
          a('/valentines-day', "Valentine's Day"),
          a('/mothers-day', "Mother's Day"),
          a('/fathers-day', "Father's Day"),
          a('/christmas', 'Christmas Gifts'),
          a('/12-days-of-christmas', 'The 12 Days of Christmas'),
          a('/christmas-2022', 'Christmas 2022'),
          a('/black-friday', 'Black Friday'),
          a('/january-sale', 'January Sale'),
          a('/clearance', 'Clearance'),
        ),
    ),
    info(
      'shop-by-brand',
      'Shop by Brand',
      p("We are authorised retailers for every brand we sell, so every watch carries the full manufacturer's guarantee.") + p(a('/brands', 'See all brands')),
    ),
    info(
      'check-test',
      'Check Test',
      p('This page checks that stored content is cleaned before it is shown.') +
        '<script>document.title = "injected";</script>' +
        `<p><a href="javascript:alert('x')">A link that must lose its javascript: address</a></p>` +
        `<p><button type="button" onclick="alert('x')">A button that must lose its onclick</button></p>` +
        p('Text after the unsafe markup stays visible.'),
      { noindex: true },
    ),
    // the two {token} entries of the content-route list
    info(
      'gift-guide',
      'Gift Guide',
      p(
        'Not sure what to choose? Start with a budget and we will do the rest: gifts under £50, under £100 and under £250, all gift-wrapped for free in December.',
      ) + ul(a('/gifts/gifts-for-her', 'Gifts for her'), a('/gifts/gifts-for-him', 'Gifts for him'), a('/gifts/gift-cards', 'Gift cards')),
    ),
    info(
      'wedding-collection',
      'The Wedding Collection',
      p('Wedding bands in platinum, palladium and 9ct and 18ct gold, in court, flat and diamond-set profiles. Ask about our matching bridal sets.') +
        p(a('/rings/wedding-rings', 'Shop wedding rings')),
    ),
    // /i/{slug}
    info(
      'ring-size-guide',
      'Ring Size Guide',
      p(
        'UK ring sizes run from A to Z. Most women wear between J and P and most men between Q and W. If in doubt, choose the larger size: we resize for free in the first year.',
      ) +
        ul(
          'Wrap a strip of paper round the base of your finger',
          'Mark where it overlaps and measure the length in millimetres',
          'A circumference of 50mm is about size J; 60mm is about size T',
        ),
    ),
    info(
      'diamond-buying-guide',
      'Diamond Buying Guide',
      p(
        'Cut, colour, clarity and carat: the four Cs decide how a diamond looks and what it costs. Cut matters most for sparkle; colour grades D to F look icy white, G to J near-colourless.',
      ) + p('Every Evermore diamond over 0.30ct comes with a certificate from an independent laboratory.'),
    ),
    info(
      'caring-for-your-watch',
      'Caring for Your Watch',
      p(
        'Have a mechanical watch serviced every five years and a quartz battery changed before it leaks. Rinse a diving watch in fresh water after swimming in the sea, and keep watches away from strong magnets.',
      ),
    ),
    info(
      'hallmarking-explained',
      'Hallmarking Explained',
      p(
        'A UK hallmark shows who made a piece, its precious-metal content and the assay office that tested it. Gold over 1 gram, silver over 7.78 grams and platinum over 0.5 grams must be hallmarked to be sold as such.',
      ),
    ),
    // /p/{slug}
    info(
      'our-story',
      'Our Story',
      p(
        `${c.shop} opened its first shop in Preston in 1984. Four shops and forty years later we are still family-run, still repairing watches in our own workshop and still learning our customers' names.`,
      ),
    ),
    info(
      'sustainability',
      'Sustainability',
      p('We buy from members of the Responsible Jewellery Council, recycle every gram of workshop scrap and ship in plastic-free packaging.'),
    ),
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
    {
      identifier: 'footer-customer-service',
      title: 'Footer: customer service',
      html: ul(a('/delivery-and-shipping', 'Delivery'), a('/returns-info', 'Returns'), a('/faq', 'FAQs'), a('/contact-us', 'Contact us')),
    },
    { identifier: 'footer-contact', title: 'Footer: contact', html: p(`Call ${c.phone}`, a(`mailto:${c.email}`, c.email)) },
    { identifier: 'footer-payment', title: 'Footer: payment', html: p('Pay securely by card, Klarna or interest-free finance.') },
    {
      identifier: 'promo-strip',
      title: 'Promo strip',
      html: p(`Free UK delivery and 30-day returns. ${a('#newsletter', 'Sign up to our newsletter')} for ${c.couponPercent}% off your next order.`),
    },
    {
      identifier: 'takeover-engagement-rings',
      title: 'Takeover: engagement rings',
      html:
        p('<strong>The Evermore bridal collection</strong>: certified diamonds, lifetime guarantee, free resizing.') + p(a('/evermore', 'Discover Evermore')),
    },
    {
      identifier: 'takeover-watches',
      title: 'Takeover: watches',
      html: p('<strong>Win a Raymond Weil Freelancer</strong>: enter our prize draw before 31 December.') + p(a('/raymond-weil-prize-draw', 'Enter now')),
    },
    {
      identifier: 'category-promo-klarna',
      title: 'Category promo: Klarna',
      html: p('Pay in 3 interest-free instalments with Klarna.') + p(a('/klarna-info', 'Find out more')),
    },
    {
      identifier: 'category-promo-engraving',
      title: 'Category promo: engraving',
      html: p('Free engraving on selected pendants and watches.') + p(a('/engraving', 'About engraving')),
    },
    {
      identifier: 'category-promo-finance',
      title: 'Category promo: finance',
      html: p('0% finance available on orders over £250.') + p(a('/finance-options', 'Finance options')),
    },
    { identifier: 'stores-list', title: 'Our shops', html: ul(...shops.map((s) => `${a(`/stores/jewellers-${s.location}`, s.name)}: ${s.telephone}`)) },
    {
      identifier: 'faq-list',
      title: 'FAQs',
      html: ul(
        a('/faq', 'How do I find my ring size?'),
        a('/delivery-and-shipping', 'How long does delivery take?'),
        a('/returns-info', 'Can I return an item?'),
        a('/klarna-faqs', 'How does Klarna work?'),
      ),
    },
    { identifier: 'newsletter-popup', title: 'Newsletter pop-up', html: p(`Join our newsletter and get ${c.couponPercent}% off your next order.`) },
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
  { slug: 'style-edit', name: 'Style Edit', description: "How to wear it: stacking, layering and the season's trends." },
  { slug: 'gift-guides', name: 'Gift Guides', description: 'Ideas for every budget and every occasion.' },
  { slug: 'watch-world', name: 'Watch World', description: 'Movements, makers and looking after your watch.' },
  { slug: 'engagement-advice', name: 'Engagement Advice', description: 'Choosing the ring and planning the proposal.' },
  { slug: 'jewellery-care', name: 'Jewellery Care', description: 'Keep it sparkling for a lifetime.' },
];

/** The closing paragraph of a post, by blog category: where to go next in the shop. */
export const BLOG_CLOSINGS: Record<string, string> = {
  'style-edit':
    'Come and try it for yourself in any of our four shops in Preston, Blackburn, Bury and Carlisle. Our team will happily put a look together with you, with no pressure to buy, and note your sizes and favourite pieces so the next visit, or the next gift from someone who knows you, is easier.',
  'gift-guides':
    'If you would like a second opinion, call or visit any of our shops and tell us who the gift is for and what you would like to spend. We will put a shortlist together, gift-wrap your choice free of charge and keep the receipt on file in case it needs exchanging after the big day.',
  'watch-world':
    'Every watch we sell is bought directly from the manufacturer, so it carries the full international guarantee, and our Bury workshop looks after it for life: battery changes while you wait, bracelet adjustments, pressure tests and full services, each with a written quote before any work begins.',
  'engagement-advice':
    'Book a private bridal appointment at any of our shops and one of our specialists will give you an hour to look, ask questions and try rings on without anyone rushing you. There is no charge and no obligation, and we can arrange an evening appointment if that suits your plans better.',
  'jewellery-care':
    'If a piece needs more than a clean at home, bring it into any of our shops. We clean jewellery free of charge with an ultrasonic bath and steam, check claws and clasps under magnification, and tell you honestly if anything needs repairing before a stone or a link is lost.',
};

export const BLOG_POSTS: BlogDraft[] = [
  {
    slug: 'how-to-stack-rings',
    title: 'How to Stack Rings',
    category: 'style-edit',
    author: 0,
    excerpt: 'Three simple rules for a ring stack that looks considered rather than cluttered.',
    body: [
      'Start with one statement ring and build around it with slimmer bands.',
      'Mix metals if you like, but repeat each colour at least twice so it looks deliberate.',
      'Leave a finger free: breathing space makes the stack look intentional.',
      'Think about proportion before anything else. A wide band or a large solitaire sets the scale for the whole hand, so slim eternity rings and plain 2mm bands sit best beside it. If your statement ring is delicate, you can afford one bolder piece on the neighbouring finger.',
      'Texture does as much work as colour. A polished band next to a hammered or milgrain one catches the light differently, and a single row of small diamonds adds sparkle without competing with the centre stone. Our Evermore eternity rings are made to sit flush against most engagement settings.',
      'If you wear an engagement ring, bring it with you when you choose stacking rings. The shape of the setting decides what will sit close to it: a curved or wishbone band follows a raised halo, while a low bezel setting sits happily next to a straight band.',
      'Finally, check the fit over a whole day. Fingers swell in the warmth and in the evening, and a stack that is snug at 10am can be tight by dinner. We resize stacking rings free of charge in the first year, so choose the size that is comfortable late in the day.',
    ],
  },
  {
    slug: 'layering-necklaces',
    title: 'Layering Necklaces Without the Tangle',
    category: 'style-edit',
    author: 0,
    excerpt: 'Different lengths, different weights and one clever clasp.',
    body: [
      'Choose chains at least 5cm apart in length: 40cm, 45cm and 50cm work well together.',
      'Vary the weight of the chains so they sit naturally at different depths.',
      'Start with the shortest chain and work down. A 40cm chain sits at the base of the neck, 45cm falls just below the collarbone and 50cm lands at the top of the chest, which is where a pendant shows best. Keep the heaviest piece at the bottom so it anchors the rest.',
      'Tangling is the usual complaint, and the fix is simple: a layering clasp, sometimes called a spacer, holds two or three chains at the back so they cannot twist around each other. We stock them in silver and gold plate and will fit one for you in store.',
      'Mix chain styles rather than pendants. A fine trace chain, a rope chain and a paperclip chain give contrast without crowding, and one pendant is usually enough. If you want two, choose different sizes and place them on chains at least 10cm apart.',
      'Take layered necklaces off before you sleep or shower: fine chains are strong along their length but weak when they knot. Lay them out flat or hang them on hooks, and they will be ready to wear the next morning without ten minutes of untangling.',
    ],
  },
  {
    slug: 'gifts-under-100',
    title: 'Gifts Under £100',
    category: 'gift-guides',
    author: 0,
    excerpt: 'Our favourite pieces for under £100, from charms to everyday watches.',
    body: [
      'A Thomas Sabo charm or a Nomination link is an easy first gift and starts a collection.',
      'For him, a Sekonda or Rotary watch looks far more expensive than it is.',
      'Charms remain the easiest first gift because they start a story. A Thomas Sabo charm with an initial, a birthstone or a travel theme is under £60, and the bracelet can follow at the next birthday. Nomination links let you build a bracelet one meaningful link at a time from about £20.',
      'For everyday earrings, sterling silver studs with cubic zirconia or freshwater pearls come in well under £100 and suit almost everyone. Hoops in 9ct gold start from around £80 and are the piece most often worn every single day.',
      'For him, a Sekonda or Rotary watch gives a lot for the money: sapphire-effect glass, a proper steel case and water resistance fit for hand-washing and rain. Cufflinks with free engraving make a personal gift for a wedding or a new job.',
      'Every order arrives in a presentation box, and in December we add luxury gift wrap and a handwritten card free. If the size is a guess, do not worry: gifts can be exchanged or refunded until 15 January, and ring resizing is free in the first year.',
    ],
  },
  {
    slug: 'christmas-gift-guide-2026',
    title: 'Christmas Gift Guide 2026',
    category: 'gift-guides',
    author: 2,
    excerpt: 'Something for everyone on your list, wrapped and delivered free.',
    body: [
      'Pearls are back for the party season, and birthstone pendants remain our best-selling gift.',
      'Order by 20 December for delivery before Christmas, or collect from any of our shops.',
      'For her, pearls are the story of the season. A single freshwater pearl on a fine gold chain works with a jumper as well as a party dress, and pearl studs are the gift nobody regrets. Birthstone pendants remain our best-seller for mothers, sisters and best friends.',
      'For him, look at automatic watches: a Tissot PRX or a Seiko 5 Sports shows its movement through the case back and never needs a battery. Leather-strapped pieces dress up or down, and a steel bracelet can be adjusted in any of our shops while you wait.',
      'For the one who has everything, a gift card lets them choose in store, and an engraving voucher turns something they already own into something new. Our gift cards are valid for two years and can be spent online or in any of our four shops.',
      'Plan ahead for delivery. Order by 20 December for free second-class delivery, by 22 December at 2pm for express, or choose free store collection until 4pm on 23 December. Our shops are open late every Thursday in December for quieter browsing.',
    ],
  },
  {
    slug: 'automatic-vs-quartz',
    title: 'Automatic or Quartz: Which Watch Is Right for You?',
    category: 'watch-world',
    author: 1,
    excerpt: 'The difference between a beating heart and a battery, explained by our watch technician.',
    body: [
      'A quartz watch is accurate to a few seconds a month and needs a battery every two or three years.',
      'An automatic watch winds itself as you wear it; it needs a service every five years but never a battery.',
      'Inside a quartz watch, a battery sends current through a tiny quartz crystal that vibrates 32,768 times a second. A circuit counts the vibrations and moves the hands once a second, which is why a quartz second hand ticks rather than sweeps. It is cheap to make, very accurate and almost maintenance-free.',
      'An automatic watch is a mechanical movement with a weighted rotor that swings as you move your wrist and winds the mainspring. The energy is released through the gear train and the balance wheel, beating six or eight times a second, so the second hand appears to glide.',
      'Accuracy differs more than people expect. A good quartz watch drifts by around fifteen seconds a month; a good automatic by a few seconds a day. If you put an automatic down for a couple of days it will stop, and you simply wind and set it again.',
      'Which to choose comes down to how you wear it. If you want a grab-and-go watch that is always right, choose quartz. If you enjoy the craft and the sweep of the hand, and do not mind a service every five years or so, an automatic will reward you for decades.',
    ],
  },
  {
    slug: 'when-to-service-your-watch',
    title: 'When Should You Service Your Watch?',
    category: 'watch-world',
    author: 1,
    excerpt: 'Signs that your watch needs attention, and what a service involves.',
    body: [
      'If your automatic watch gains or loses more than a minute a day, it is time for a service.',
      'A full service includes stripping, cleaning, lubricating and regulating the movement, plus new seals.',
      'Manufacturers recommend a full service every five to seven years for mechanical watches and every ten years or so for quartz watches, whose oils also dry out over time. The best guide, though, is how the watch behaves: a sudden change in accuracy is the first sign that something inside needs attention.',
      'Other signs are easier to spot. A crown that feels gritty or loose, a date that changes at the wrong time, a power reserve that has shortened, or condensation under the glass all mean the watch should come in. Condensation is urgent: water damages a movement within days.',
      'In our Bury workshop a full service takes four to six weeks. The movement is taken apart, cleaned in an ultrasonic bath, inspected under magnification, re-oiled and regulated on a timing machine. The case is refinished where you ask us to, new seals are fitted and the water resistance is pressure-tested.',
      'A service for a quartz watch costs from £95 and for an automatic from £195; we always give you a written quote first and nothing is done without your agreement. Every service comes with a 12-month guarantee on the work, and we will return your old parts if you ask.',
    ],
  },
  {
    slug: 'choosing-an-engagement-ring',
    title: 'Choosing an Engagement Ring',
    category: 'engagement-advice',
    author: 2,
    excerpt: 'Budget, shape and setting: a calm guide to a big decision.',
    body: [
      'Decide on a budget first, then the shape: round brilliants sparkle most, ovals look larger for their weight.',
      'A platinum setting keeps a white diamond looking white; yellow gold warms lower colour grades.',
      'There is no rule about what to spend. Decide what you are comfortable with before you look at a single ring, and tell us: a good jeweller will show you the best rings at your budget rather than tempting you just above it. Interest-free finance over 12 months is available if it helps.',
      'The shape of the diamond sets the character of the ring. Round brilliants give the most sparkle; ovals and pears look larger for their weight and lengthen the finger; emerald cuts show clarity more than sparkle, so they deserve a higher clarity grade. Look at each shape on your own hand before deciding.',
      'The setting protects the stone as much as it shows it off. A four-claw solitaire lets in the most light, a halo makes the centre stone look bigger, and a bezel setting is the most practical for active hands. Platinum is the most hard-wearing metal for claws that hold a diamond every day.',
      'Always ask for the certificate. Every Evermore diamond over 0.30ct comes with an independent grading report from IGI or GIA, and we laser-inscribe the report number on the girdle. Our bridal specialists will explain every line of it, and we resize free of charge in the first year.',
    ],
  },
  {
    slug: 'finding-her-ring-size-secretly',
    title: 'Finding Her Ring Size in Secret',
    category: 'engagement-advice',
    author: 2,
    excerpt: 'Five discreet ways to get the size right for a surprise proposal.',
    body: [
      'Borrow a ring she wears on the right finger and bring it to any of our shops.',
      'If you guess, go slightly larger: we resize engagement rings for free in the first year.',
      'The simplest way is to borrow a ring she already wears on the same finger, for an evening. Bring it to any of our shops, or draw round the inside of it on paper and trace the outline; we can read the size from either. Make sure it is a ring from the correct hand, as sizes differ between hands.',
      'If you cannot borrow a ring, ask someone you trust: a sister, a close friend or her mother may know her size or be able to find out without raising suspicion. Many couples have discussed ring sizes long before the proposal without realising it.',
      'Another trick is to look at what she has bought recently: a ring box, a receipt or an online order history may give the size away. Rings for the right hand are often half a size larger than the left, so note which finger the ring is worn on.',
      'If you still have to guess, err on the larger side. A ring that is a little loose can be worn safely for a few days, but one that is too small cannot be worn at all. We resize engagement rings free in the first year, and most resizes are ready within a week.',
    ],
  },
  {
    slug: 'cleaning-silver-at-home',
    title: 'Cleaning Silver at Home',
    category: 'jewellery-care',
    author: 0,
    excerpt: 'Bring back the shine to sterling silver with things you already have.',
    body: [
      'A soft cloth and warm soapy water remove most tarnish.',
      'Store silver in an anti-tarnish pouch, away from perfume and hairspray.',
      'Tarnish is a thin layer of silver sulphide that forms when silver meets sulphur in the air, in some foods and in rubber bands. It is harmless and it comes off easily; it is a sign that your silver is real, not that it is poor quality.',
      'For light tarnish, a silver polishing cloth is all you need: rub gently in straight lines rather than circles, and you will see the black come off on the cloth. For pieces with detail or chains, soak for five minutes in warm water with a drop of washing-up liquid and brush gently with a soft toothbrush.',
      'Avoid toothpaste and baking-soda pastes, which are abrasive and leave fine scratches in a polished finish. Never use silver dip on pieces set with pearls, opals, turquoise or other porous stones, and rinse and dry everything thoroughly before putting it away.',
      'The best cure is prevention. Wear your silver often, because skin contact keeps it bright; store it in an anti-tarnish pouch or a box with a strip of anti-tarnish paper; and put it on after perfume and hairspray. We clean silver free of charge in any of our shops.',
    ],
  },
  {
    slug: 'looking-after-pearls',
    title: 'Looking After Pearls',
    category: 'jewellery-care',
    author: 0,
    excerpt: 'Last on, first off: the golden rule for pearls.',
    body: [
      'Put pearls on after make-up and perfume, and wipe them with a soft cloth before putting them away.',
      'Have a strand restrung every few years if you wear it often.',
      'Pearls are organic gems formed in layers of nacre, and they are softer than any other stone we sell. Perfume, hairspray and even perspiration can dull their lustre over time, which is why the golden rule is last on, first off: after make-up and scent, before you undress.',
      'After wearing, wipe each pearl with a soft, slightly damp cloth to remove skin oils, then let the strand dry flat before putting it away. Hanging a strand while the silk is wet stretches it, and a stretched strand shows gaps between the pearls.',
      'Store pearls separately from other jewellery, in a soft pouch or a lined box, where diamonds and metal clasps cannot scratch them. Do not keep them in a sealed plastic bag for long periods: pearls need a little moisture in the air to stay at their best.',
      'A strand worn often should be restrung every two or three years. We restring on silk with a knot between each pearl, so that if the thread ever breaks you lose one pearl, not the whole necklace. Restringing takes about a week and costs from £35 for a standard strand.',
    ],
  },
  {
    slug: 'birthstones-month-by-month',
    title: 'Birthstones Month by Month',
    category: 'style-edit',
    author: 0,
    excerpt: 'From January garnet to December tanzanite.',
    body: [
      'January garnet, February amethyst, March aquamarine, April diamond, May emerald, June pearl.',
      'July ruby, August peridot, September sapphire, October opal, November topaz, December tanzanite.',
      'Birthstones as we know them were standardised in 1912, and the UK list was updated by the National Association of Goldsmiths in 2013. Some months have alternatives: June can be pearl or moonstone, and December tanzanite, turquoise or zircon, so there is room for personal taste.',
      'The winter stones are deep and rich. Garnet in January is usually red but also comes in green and orange; amethyst in February is the purple variety of quartz and very affordable; aquamarine in March has the pale sea-blue of its name and looks beautiful in white gold.',
      'Spring and summer bring the classics. April is diamond, May emerald, June pearl and July ruby, so a birthstone gift in these months can double as an heirloom. August peridot is a bright lime green that suits yellow gold, and September sapphire is not only blue: pink and yellow sapphires are lovely too.',
      'Autumn finishes with colour. October opal flashes every colour at once and needs gentle care; November topaz runs from golden to blue; and December tanzanite, found only in Tanzania, is a violet-blue that changes with the light. Every birthstone pendant in our range comes gift-boxed with a card explaining the stone.',
    ],
  },
  {
    slug: 'smartwatch-buying-guide',
    title: 'Smartwatch Buying Guide',
    category: 'watch-world',
    author: 1,
    excerpt: 'Battery life, sensors and contactless payments compared.',
    body: [
      'Garmin watches lead on battery life and GPS accuracy; Fossil smartwatches look more like classic watches.',
      'Check that the watch supports contactless payments with your bank before you buy.',
      'Start with the phone you own. Some smartwatches only pair with one make of phone, and even those that work with both may lose features on the other. Check compatibility on the product page before you buy, and ask us to show you the pairing in store.',
      'Battery life ranges from a day to several weeks. Watches with bright always-on screens and mobile data need charging daily; fitness-focused watches with memory-in-pixel screens last a week or more, and some add solar charging. Think about when you would charge it, and whether you want to track sleep.',
      'Sensors have improved quickly. Most watches now measure heart rate, blood oxygen and sleep, and many have built-in GPS for running and cycling without your phone. For swimming, look for a water-resistance rating of at least 5 ATM and a dedicated swim mode.',
      'Finally, consider how it looks on a wrist, because you will wear it every day. A hybrid smartwatch hides its features behind a classic dial; others let you change the watch face and the strap in seconds. Every smartwatch we sell comes with a two-year guarantee, and we fit replacement straps while you wait.',
    ],
  },
];
