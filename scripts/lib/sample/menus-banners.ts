/** The sample's six menus (content is the link path) and its banners in English, German and Italian. */
import { config } from '../../../src/lib/config';
import type { CategoryRow } from './categories';
import type { Json } from './common';
import type { Write } from './files';
import type { Shop } from './shops-content';

export function writeMenus(write: Write, categories: CategoryRow[], shops: Shop[]): void {
  let nodeId = 1;
  const menu = (items: [string, string, [string, string][]?][]) => {
    const nodes: Json[] = [];
    items.forEach(([title, content, children], i) => {
      const id = nodeId++;
      nodes.push({ node_id: id, content, classes: children?.length ? 'has-children' : '', parent_id: null, title, position: i });
      (children ?? []).forEach(([t, c], j) => nodes.push({ node_id: nodeId++, content: c, classes: '', parent_id: id, title: t, position: j }));
    });
    return nodes;
  };
  const top = categories.filter((c) => c.level === 2 && c.include_in_menu);
  const header = top.map((c): [string, string, [string, string][]] => [
    c.name,
    `/${c.url_path}`,
    categories
      .filter((k) => k.parent_id === c.id && k.include_in_menu)
      .slice(0, 12)
      .map((k) => [k.name, `/${k.url_path}`]),
  ]);
  header.push([
    'Services',
    '/services',
    [
      ['Repairs', '/repairs'],
      ['Valuations', '/valuations'],
      ['Engraving', '/engraving'],
      ['Scrap Gold', '/scrap-gold'],
      ['Part Exchange', '/part-exchange'],
      ['Bespoke Design', '/bespoke-jewellery-design'],
      ['Watch Batteries', '/watch-battery-replacement'],
    ],
  ]);
  write('menus.json', {
    1: menu(header),
    2: menu([
      ['About Us', '/about-us'],
      ['Our Story', '/p/our-story'],
      ['Sustainability', '/p/sustainability'],
      ['Careers', '/careers'],
      ['Our Shops', '/stores/jewellers-preston', shops.map((s) => [s.city, `/stores/jewellers-${s.location}`])],
      [`${config.shop.blogPath === 'pjworld' ? 'PJ World' : 'Blog'}`, `/${config.shop.blogPath}`],
    ]),
    3: menu([
      ['Terms and Conditions', '/terms-and-conditions'],
      ['Privacy Policy', '/privacy-policy'],
      ['Cookies', '/enable-cookies'],
      ['COVID-19 Statement', '/covid-19-statement'],
    ]),
    4: menu([
      ['Delivery', '/delivery-and-shipping'],
      ['Returns', '/returns-info'],
      ['Store Collection', '/store-collection'],
      ['FAQs', '/faq'],
      ['Contact Us', '/contact-us'],
      ['Klarna', '/klarna-info'],
      ['Finance Options', '/finance-options'],
      ['Price Match', '/price-match'],
    ]),
    5: menu([
      ['Gift Guide', '/gift-guide'],
      ['Shop by Occasion', '/shop-by-occasion'],
      ['Shop by Brand', '/shop-by-brand'],
      ['Ring Size Guide', '/i/ring-size-guide'],
      ['Gift Cards', '/gifts/gift-cards'],
      ['Gift Wrap', '/gift-wrap-service'],
    ]),
    6: menu([
      ...top.map((c): [string, string] => [c.name, `/${c.url_path}`]),
      ['Our Shops', '/stores/jewellers-preston'],
      ['My Account', '/my-account'],
      ['Contact Us', '/contact-us'],
    ]),
  });
}

export function bannerSet(lang: 'gb' | 'de' | 'it') {
  const t = {
    gb: [
      ['The New Season Collection', 'Evermore bridal, Thomas Sabo and Raymond Weil'],
      ['Black Friday', 'Up to 40% off selected pieces'],
      ['Engagement Rings', 'Certified diamonds, lifetime guarantee'],
      ['Watches', 'Swiss and Japanese makers'],
      ['Gifts Under £100', 'Wrapped for free'],
      ['Charms', 'Start a collection'],
      ['Sale', 'While stocks last'],
      ['Gift Cards', 'Sent by e-mail'],
    ],
    de: [
      ['Die neue Kollektion', 'Evermore, Thomas Sabo und Raymond Weil'],
      ['Black Friday', 'Bis zu 40% Rabatt'],
      ['Verlobungsringe', 'Zertifizierte Diamanten'],
      ['Uhren', 'Schweizer und japanische Marken'],
      ['Geschenke unter 100 €', 'Kostenlos verpackt'],
      ['Charms', 'Beginnen Sie eine Sammlung'],
      ['Sale', 'Solange der Vorrat reicht'],
      ['Geschenkkarten', 'Per E-Mail'],
    ],
    it: [
      ['La nuova collezione', 'Evermore, Thomas Sabo e Raymond Weil'],
      ['Black Friday', 'Fino al 40% di sconto'],
      ['Anelli di fidanzamento', 'Diamanti certificati'],
      ['Orologi', 'Marchi svizzeri e giapponesi'],
      ['Regali sotto 100 €', 'Confezione regalo gratuita'],
      ['Charms', 'Inizia una collezione'],
      ['Saldi', 'Fino a esaurimento scorte'],
      ['Carte regalo', 'Inviate per e-mail'],
    ],
  }[lang];
  const b = (i: number, image: string, link: string) => ({
    image,
    title: t[i]![0],
    subtitle: t[i]![1],
    link,
    button_title: lang === 'gb' ? 'Shop now' : lang === 'de' ? 'Jetzt kaufen' : 'Acquista ora',
  });
  return {
    mainBanners: [
      b(0, '/banners/main-launch.jpg', '/launch-campaign'),
      b(1, '/banners/main-black-friday.jpg', '/black-friday'),
      b(2, '/banners/main-engagement.jpg', '/rings/engagement-rings'),
    ],
    smallBanners: [b(3, '/banners/small-watches.jpg', '/watches'), b(4, '/banners/small-gifts.jpg', '/gift-guide')],
    productBanners: [
      b(5, '/banners/product-charms.jpg', '/charms'),
      b(6, '/banners/product-sale.jpg', '/sale'),
      b(7, '/banners/product-gift-cards.jpg', '/gifts/gift-cards'),
    ],
    headImage: b(0, '/banners/head-image.jpg', '/launch-campaign'),
  };
}
