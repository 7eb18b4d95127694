/**
 * Static catalogue facts for the sample generator: attributes and their options, brands, the
 * category tree and the product families (what a product of each kind looks like and costs).
 */
import type { ArtKind } from './sample-svg';

/** A select attribute of the sample with its options (option ids are stable strings). */
export interface AttrDef {
  code: string;
  id: number;
  label: string;
  input: 'select' | 'multiselect' | 'price' | 'swatch_visual';
  comparable: boolean;
  base: number;
  options: string[];
}

export const RING_SIZES = 'H I J K L M N O P Q R S T U V W X Y Z'.split(' ');
export const BRACELET_SIZES = ['17cm', '18cm', '19cm', '20cm', '21cm'];

export const BRANDS = [
  { name: 'Evermore', code: 'EV' },
  { name: 'Thomas Sabo', code: 'TS' },
  { name: 'Nomination', code: 'NM' },
  { name: 'Raymond Weil', code: 'RW' },
  { name: 'Tag Heuer', code: 'TH' },
  { name: 'Longines', code: 'LO' },
  { name: 'Tissot', code: 'TI' },
  { name: 'Seiko', code: 'SK' },
  { name: 'Citizen', code: 'CZ' },
  { name: 'Rotary', code: 'RO' },
  { name: 'Sekonda', code: 'SE' },
  { name: 'Hugo Boss', code: 'HB' },
  { name: 'Olivia Burton', code: 'OB' },
  { name: 'Garmin', code: 'GA' },
  { name: 'Fossil', code: 'FO' },
  { name: 'Swarovski', code: 'SW' },
  { name: 'Clogau', code: 'CL' },
  { name: 'Daisy London', code: 'DL' },
  { name: 'Links of London', code: 'LL' },
  { name: 'Ti Sento', code: 'TT' },
] as const;
export type BrandName = (typeof BRANDS)[number]['name'];

/** Materials and the colour option their metal shows as. */
export const MATERIAL_COLOUR: Record<string, string> = {
  '9ct Yellow Gold': 'Yellow Gold',
  '9ct White Gold': 'White Gold',
  '9ct Rose Gold': 'Rose Gold',
  '18ct Yellow Gold': 'Yellow Gold',
  '18ct White Gold': 'White Gold',
  '18ct Rose Gold': 'Rose Gold',
  Platinum: 'Platinum',
  Palladium: 'Silver',
  'Sterling Silver': 'Silver',
  'Gold Plated Silver': 'Gold',
  'Rose Gold Plated Silver': 'Rose Gold',
  'Stainless Steel': 'Silver',
  'Gold Tone Stainless Steel': 'Gold',
  'Rose Gold Tone Stainless Steel': 'Rose Gold',
  'Two Tone Stainless Steel': 'Two Tone',
  Titanium: 'Silver',
  Ceramic: 'Black',
  'Welsh Gold and Silver': 'Two Tone',
};

export function attributeDefs(colourLabels: string[]): AttrDef[] {
  return [
    { code: 'color', id: 93, label: 'Colour', input: 'select', comparable: true, base: 4000, options: colourLabels },
    { code: 'size', id: 142, label: 'Size', input: 'select', comparable: false, base: 4100, options: [...RING_SIZES, ...BRACELET_SIZES] },
    { code: 'price', id: 77, label: 'Price', input: 'price', comparable: true, base: 0, options: [] },
    { code: 'brand', id: 83, label: 'Brand', input: 'select', comparable: true, base: 4200, options: BRANDS.map((b) => b.name) },
    { code: 'pj_brand', id: 201, label: 'Brand', input: 'select', comparable: false, base: 4300, options: BRANDS.map((b) => b.name) },
    { code: 'pj_gender', id: 202, label: 'Gender', input: 'select', comparable: false, base: 4400, options: ['Ladies', 'Mens', 'Unisex'] },
    { code: 'pj_material', id: 203, label: 'Material', input: 'select', comparable: true, base: 4500, options: Object.keys(MATERIAL_COLOUR) },
    {
      code: 'pj_stone',
      id: 204,
      label: 'Stone',
      input: 'select',
      comparable: true,
      base: 4600,
      options: [
        'Diamond',
        'Lab Grown Diamond',
        'Sapphire',
        'Emerald',
        'Ruby',
        'Pearl',
        'Cubic Zirconia',
        'Amethyst',
        'Blue Topaz',
        'Tanzanite',
        'Crystal',
        'Enamel',
      ],
    },
    {
      code: 'pj_strap_material',
      id: 205,
      label: 'Strap material',
      input: 'select',
      comparable: true,
      base: 4700,
      options: ['Leather', 'Stainless Steel Bracelet', 'Rubber', 'Silicone', 'Mesh', 'Ceramic Bracelet', 'Titanium Bracelet', 'Fabric'],
    },
    {
      code: 'pj_features',
      id: 206,
      label: 'Features',
      input: 'multiselect',
      comparable: true,
      base: 4800,
      options: [
        'Date Display',
        'Chronograph',
        'Water Resistant 50m',
        'Water Resistant 100m',
        'Water Resistant 200m',
        'Sapphire Crystal',
        'Luminous Hands',
        'Heart Rate Monitor',
        'GPS',
        'Solar Powered',
        'Contactless Payments',
        'Moon Phase',
      ],
    },
    {
      code: 'pj_watch_movement',
      id: 207,
      label: 'Watch movement',
      input: 'select',
      comparable: true,
      base: 4900,
      options: ['Quartz', 'Automatic', 'Mechanical Hand-wound', 'Solar', 'Kinetic', 'Eco-Drive', 'Smart'],
    },
    {
      code: 'pj_style',
      id: 208,
      label: 'Style',
      input: 'select',
      comparable: false,
      base: 5000,
      options: [
        'Solitaire',
        'Halo',
        'Trilogy',
        'Eternity',
        'Court',
        'Flat Court',
        'D Shape',
        'Stud',
        'Hoop',
        'Drop',
        'Bangle',
        'Chain',
        'Tennis',
        'Charm',
        'Dress',
        'Pendant',
        'Dive',
        'Chronograph',
        'Dress Watch',
        'Sports',
        'Smart',
      ],
    },
    {
      code: 'pj_bracelet_size',
      id: 209,
      label: 'Bracelet size',
      input: 'select',
      comparable: false,
      base: 5100,
      options: ['16cm', '17cm', '18cm', '19cm', '20cm', '21cm', 'Adjustable'],
    },
  ];
}

/** A category of the sample tree (root id 2). */
export interface CatDef {
  id: number;
  name: string;
  key: string;
  parent: number;
  menu?: boolean;
  description?: string;
  button?: string;
  takeover?: string;
  image?: string;
}

export const ROOT_ID = 2;

export const CATEGORY_DEFS: CatDef[] = [
  {
    id: 10,
    name: 'Rings',
    key: 'rings',
    parent: 2,
    description: 'Engagement, wedding, eternity and dress rings in platinum, gold and silver.',
    button: 'Shop rings',
    image: 'ring',
  },
  {
    id: 11,
    name: 'Engagement Rings',
    key: 'engagement-rings',
    parent: 10,
    description: 'Diamond engagement rings with certificates, lifetime guarantees and free resizing in the first year.',
    button: 'Find the one',
    takeover: 'takeover-engagement-rings',
    image: 'ring',
  },
  {
    id: 12,
    name: 'Wedding Rings',
    key: 'wedding-rings',
    parent: 10,
    description: 'Wedding bands for him and her in court, flat and diamond-set profiles.',
    image: 'ring',
  },
  {
    id: 13,
    name: 'Eternity Rings',
    key: 'eternity-rings',
    parent: 10,
    description: 'Half and full eternity rings set with diamonds and precious stones.',
    image: 'ring',
  },
  { id: 14, name: 'Dress Rings', key: 'dress-rings', parent: 10, description: 'Statement and stacking rings for every day.', image: 'ring' },
  {
    id: 20,
    name: 'Necklaces and Pendants',
    key: 'necklaces-and-pendants',
    parent: 2,
    description: 'Chains, pendants and necklaces to wear alone or layered.',
    image: 'pendant',
  },
  { id: 21, name: 'Necklaces', key: 'necklaces', parent: 20, description: 'Chains and necklaces in gold and silver.', image: 'necklace' },
  { id: 22, name: 'Pendants', key: 'pendants', parent: 20, description: 'Diamond, gemstone and birthstone pendants.', image: 'pendant' },
  { id: 30, name: 'Earrings', key: 'earrings', parent: 2, description: 'Studs, hoops and drops, from everyday silver to diamond.', image: 'earrings' },
  { id: 31, name: 'Stud Earrings', key: 'stud-earrings', parent: 30, image: 'earrings' },
  { id: 32, name: 'Hoop Earrings', key: 'hoop-earrings', parent: 30, image: 'earrings' },
  { id: 33, name: 'Drop Earrings', key: 'drop-earrings', parent: 30, image: 'earrings' },
  { id: 40, name: 'Bracelets', key: 'bracelets', parent: 2, description: 'Bangles, charm bracelets and tennis bracelets.', image: 'bracelet' },
  { id: 41, name: 'Bangles', key: 'bangles', parent: 40, image: 'bangle' },
  { id: 42, name: 'Charm Bracelets', key: 'charm-bracelets', parent: 40, image: 'bracelet' },
  { id: 43, name: 'Tennis Bracelets', key: 'tennis-bracelets', parent: 40, image: 'bracelet' },
  {
    id: 50,
    name: 'Charms',
    key: 'charms',
    parent: 2,
    description: 'Charms from Thomas Sabo, Nomination and Links of London to start or grow a collection.',
    button: 'Shop charms',
    image: 'charm',
  },
  {
    id: 60,
    name: 'Watches',
    key: 'watches',
    parent: 2,
    description: "Men's, ladies', smart and luxury watches from authorised Swiss and Japanese makers.",
    button: 'Shop watches',
    takeover: 'takeover-watches',
    image: 'watch',
  },
  { id: 61, name: "Men's Watches", key: 'mens-watches', parent: 60, image: 'watch' },
  { id: 62, name: "Ladies' Watches", key: 'ladies-watches', parent: 60, image: 'watch' },
  { id: 63, name: 'Smart Watches', key: 'smart-watches', parent: 60, image: 'smartwatch' },
  {
    id: 64,
    name: 'Luxury Watches',
    key: 'luxury-watches',
    parent: 60,
    description: 'Raymond Weil, Tag Heuer and Longines, with the full manufacturer guarantee.',
    image: 'watch',
  },
  {
    id: 70,
    name: 'Gifts',
    key: 'gifts',
    parent: 2,
    description: 'Gift ideas for every budget, wrapped for free in December.',
    button: 'Find a gift',
    image: 'giftbox',
  },
  { id: 71, name: 'Gifts for Her', key: 'gifts-for-her', parent: 70, image: 'giftbox' },
  { id: 72, name: 'Gifts for Him', key: 'gifts-for-him', parent: 70, image: 'giftbox' },
  { id: 73, name: 'Gift Cards', key: 'gift-cards', parent: 70, image: 'giftcard' },
  { id: 74, name: 'Gift Sets', key: 'gift-sets', parent: 70, image: 'giftbox' },
  { id: 80, name: 'Sale', key: 'sale', parent: 2, description: 'Reduced jewellery and watches while stocks last.', button: 'Shop the sale', image: 'giftbox' },
  { id: 81, name: 'Jewellery Sale', key: 'jewellery-sale', parent: 80, image: 'ring' },
  { id: 82, name: 'Watch Sale', key: 'watch-sale', parent: 80, image: 'watch' },
  {
    id: 85,
    name: 'Services',
    key: 'services',
    parent: 2,
    menu: false,
    description: 'Engraving, resizing, battery replacement and care guides.',
    image: 'service',
  },
  { id: 90, name: 'Brands', key: 'brands', parent: 2, description: 'Every brand we sell, as an authorised retailer.', image: 'giftbox' },
  ...BRANDS.map((b, i) => ({
    id: 91 + i,
    name: b.name,
    key: b.name.toLowerCase().replace(/\s+/g, '-'),
    parent: 90,
    description: `The ${b.name} collection at our shops and online.`,
  })),
  // Last, so no other row moves: a category that is live but has nothing in it yet (the empty listing and AMP 'No products found!').
  {
    id: 65,
    name: 'Pre-owned Watches',
    key: 'pre-owned-watches',
    parent: 60,
    menu: false,
    description: 'Certified pre-owned watches, serviced in our own workshop. The first arrive soon.',
  },
];

export type ProductKind = 'configurable' | 'simple' | 'virtual' | 'downloadable' | 'bundle' | 'grouped';

/** A family of similar products: their category, brands, price band and naming. */
export interface Family {
  key: string;
  art: ArtKind;
  leaf: number;
  extra?: number[];
  brands: BrandName[];
  price: [number, number];
  gender: string[];
  materials: string[];
  stones?: string[];
  styles: string[];
  /** 'ring' or 'bracelet' when the family can be configurable. */
  config?: 'ring' | 'bracelet';
  watch?: 'analogue' | 'smart';
  noun: string;
  weight: number;
}

const GOLDS = ['9ct Yellow Gold', '9ct White Gold', '9ct Rose Gold', '18ct Yellow Gold', '18ct White Gold'];
const FINE = ['Platinum', '18ct White Gold', '18ct Yellow Gold', '18ct Rose Gold'];
const SILVERS = ['Sterling Silver', 'Gold Plated Silver', 'Rose Gold Plated Silver'];

export const FAMILIES: Family[] = [
  {
    key: 'engagement',
    art: 'ring',
    leaf: 11,
    brands: ['Evermore', 'Evermore', 'Clogau'],
    price: [895, 6495],
    gender: ['Ladies'],
    materials: FINE,
    stones: ['Diamond', 'Diamond', 'Lab Grown Diamond', 'Sapphire'],
    styles: ['Solitaire', 'Halo', 'Trilogy'],
    config: 'ring',
    noun: 'Engagement Ring',
    weight: 6,
  },
  {
    key: 'wedding',
    art: 'ring',
    leaf: 12,
    brands: ['Evermore', 'Evermore', 'Clogau', 'Ti Sento'],
    price: [149, 1895],
    gender: ['Ladies', 'Mens', 'Unisex'],
    materials: [...FINE, 'Palladium', '9ct Yellow Gold', '9ct White Gold'],
    styles: ['Court', 'Flat Court', 'D Shape'],
    config: 'ring',
    noun: 'Wedding Ring',
    weight: 5,
  },
  {
    key: 'eternity',
    art: 'ring',
    leaf: 13,
    brands: ['Evermore'],
    price: [595, 3995],
    gender: ['Ladies'],
    materials: FINE,
    stones: ['Diamond', 'Sapphire', 'Emerald', 'Ruby'],
    styles: ['Eternity'],
    config: 'ring',
    noun: 'Eternity Ring',
    weight: 3,
  },
  {
    key: 'dress-ring',
    art: 'ring',
    leaf: 14,
    brands: ['Thomas Sabo', 'Swarovski', 'Daisy London', 'Clogau', 'Ti Sento'],
    price: [39, 399],
    gender: ['Ladies'],
    materials: [...SILVERS, '9ct Yellow Gold'],
    stones: ['Cubic Zirconia', 'Amethyst', 'Blue Topaz', 'Crystal', 'Pearl'],
    styles: ['Dress', 'Halo'],
    config: 'ring',
    noun: 'Ring',
    weight: 5,
  },
  {
    key: 'necklace',
    art: 'necklace',
    leaf: 21,
    brands: ['Thomas Sabo', 'Swarovski', 'Daisy London', 'Links of London'],
    price: [49, 349],
    gender: ['Ladies'],
    materials: [...SILVERS, '9ct Yellow Gold'],
    stones: ['Crystal', 'Pearl', 'Cubic Zirconia'],
    styles: ['Chain'],
    noun: 'Necklace',
    weight: 6,
  },
  {
    key: 'pendant',
    art: 'pendant',
    leaf: 22,
    brands: ['Clogau', 'Evermore', 'Thomas Sabo', 'Swarovski'],
    price: [59, 1495],
    gender: ['Ladies'],
    materials: [...GOLDS, 'Sterling Silver'],
    stones: ['Diamond', 'Sapphire', 'Amethyst', 'Tanzanite', 'Pearl', 'Cubic Zirconia'],
    styles: ['Pendant', 'Solitaire', 'Halo'],
    noun: 'Pendant',
    weight: 7,
  },
  {
    key: 'studs',
    art: 'earrings',
    leaf: 31,
    brands: ['Evermore', 'Swarovski', 'Thomas Sabo', 'Clogau'],
    price: [35, 2495],
    gender: ['Ladies'],
    materials: [...GOLDS, 'Sterling Silver', 'Platinum'],
    stones: ['Diamond', 'Pearl', 'Cubic Zirconia', 'Crystal'],
    styles: ['Stud'],
    noun: 'Stud Earrings',
    weight: 6,
  },
  {
    key: 'hoops',
    art: 'earrings',
    leaf: 32,
    brands: ['Thomas Sabo', 'Daisy London', 'Links of London', 'Swarovski'],
    price: [39, 449],
    gender: ['Ladies'],
    materials: [...SILVERS, '9ct Yellow Gold'],
    styles: ['Hoop'],
    noun: 'Hoop Earrings',
    weight: 4,
  },
  {
    key: 'drops',
    art: 'earrings',
    leaf: 33,
    brands: ['Swarovski', 'Clogau', 'Evermore'],
    price: [59, 1295],
    gender: ['Ladies'],
    materials: [...GOLDS, 'Sterling Silver'],
    stones: ['Diamond', 'Emerald', 'Pearl', 'Crystal'],
    styles: ['Drop'],
    noun: 'Drop Earrings',
    weight: 3,
  },
  {
    key: 'bangle',
    art: 'bangle',
    leaf: 41,
    brands: ['Clogau', 'Swarovski', 'Daisy London', 'Links of London'],
    price: [49, 599],
    gender: ['Ladies'],
    materials: [...SILVERS, '9ct Yellow Gold', 'Welsh Gold and Silver'],
    styles: ['Bangle'],
    noun: 'Bangle',
    weight: 3,
  },
  {
    key: 'charm-bracelet',
    art: 'bracelet',
    leaf: 42,
    brands: ['Thomas Sabo', 'Nomination', 'Links of London'],
    price: [49, 299],
    gender: ['Ladies', 'Unisex'],
    materials: ['Sterling Silver', 'Stainless Steel', 'Rose Gold Plated Silver'],
    styles: ['Charm', 'Chain'],
    config: 'bracelet',
    noun: 'Charm Bracelet',
    weight: 4,
  },
  {
    key: 'tennis',
    art: 'bracelet',
    leaf: 43,
    brands: ['Evermore', 'Swarovski'],
    price: [99, 4995],
    gender: ['Ladies'],
    materials: ['18ct White Gold', '9ct White Gold', 'Sterling Silver'],
    stones: ['Diamond', 'Cubic Zirconia', 'Crystal'],
    styles: ['Tennis'],
    config: 'bracelet',
    noun: 'Tennis Bracelet',
    weight: 2,
  },
  {
    key: 'charm',
    art: 'charm',
    leaf: 50,
    brands: ['Thomas Sabo', 'Nomination', 'Nomination', 'Links of London'],
    price: [19, 99],
    gender: ['Ladies', 'Unisex'],
    materials: ['Sterling Silver', 'Stainless Steel', 'Gold Plated Silver'],
    stones: ['Enamel', 'Cubic Zirconia', 'Crystal'],
    styles: ['Charm'],
    noun: 'Charm',
    weight: 8,
  },
  {
    key: 'mens-watch',
    art: 'watch',
    leaf: 61,
    brands: ['Tissot', 'Seiko', 'Citizen', 'Rotary', 'Sekonda', 'Hugo Boss'],
    price: [49, 899],
    gender: ['Mens'],
    materials: ['Stainless Steel', 'Gold Tone Stainless Steel', 'Titanium', 'Two Tone Stainless Steel'],
    styles: ['Dive', 'Chronograph', 'Dress Watch', 'Sports'],
    watch: 'analogue',
    noun: "Men's Watch",
    weight: 9,
  },
  {
    key: 'ladies-watch',
    art: 'watch',
    leaf: 62,
    brands: ['Tissot', 'Citizen', 'Rotary', 'Sekonda', 'Olivia Burton', 'Thomas Sabo'],
    price: [49, 649],
    gender: ['Ladies'],
    materials: ['Stainless Steel', 'Rose Gold Tone Stainless Steel', 'Gold Tone Stainless Steel', 'Two Tone Stainless Steel'],
    styles: ['Dress Watch', 'Sports'],
    watch: 'analogue',
    noun: "Ladies' Watch",
    weight: 7,
  },
  {
    key: 'smart-watch',
    art: 'smartwatch',
    leaf: 63,
    brands: ['Garmin', 'Fossil'],
    price: [179, 899],
    gender: ['Unisex', 'Mens', 'Ladies'],
    materials: ['Stainless Steel', 'Titanium'],
    styles: ['Smart'],
    watch: 'smart',
    noun: 'Smartwatch',
    weight: 3,
  },
  {
    key: 'luxury-watch',
    art: 'watch',
    leaf: 64,
    brands: ['Raymond Weil', 'Tag Heuer', 'Longines'],
    price: [695, 5495],
    gender: ['Mens', 'Ladies'],
    materials: ['Stainless Steel', 'Two Tone Stainless Steel', 'Titanium', 'Ceramic'],
    styles: ['Dive', 'Chronograph', 'Dress Watch'],
    watch: 'analogue',
    noun: 'Watch',
    weight: 5,
  },
];

/** Price bands per brand (intersected with the family's band): a Sekonda is not priced like a Tag Heuer. */
export const BRAND_PRICE_BANDS: Partial<Record<BrandName, [number, number]>> = {
  'Tag Heuer': [1450, 5495],
  Longines: [995, 3995],
  'Raymond Weil': [695, 2995],
  Tissot: [225, 895],
  Seiko: [179, 899],
  Citizen: [129, 649],
  Rotary: [89, 399],
  Sekonda: [39, 149],
  'Hugo Boss': [179, 399],
  'Olivia Burton': [79, 199],
  Fossil: [149, 329],
  Garmin: [199, 899],
  Nomination: [19, 199],
  'Daisy London': [39, 249],
  Swarovski: [49, 449],
};

/** Watch model names per brand. */
export const WATCH_MODELS: Partial<Record<BrandName, string[]>> = {
  'Raymond Weil': ['Freelancer', 'Tango', 'Maestro', 'Parsifal', 'Toccata', 'Millesime'],
  'Tag Heuer': ['Carrera', 'Aquaracer', 'Formula 1', 'Monaco', 'Autavia'],
  Longines: ['HydroConquest', 'Master Collection', 'DolceVita', 'Conquest', 'Spirit'],
  Tissot: ['PRX', 'Seastar', 'Le Locle', 'Gentleman', 'Everytime'],
  Seiko: ['Presage', 'Prospex', '5 Sports', 'Astron'],
  Citizen: ['Promaster', 'Tsuyosa', 'Eco-Drive Classic', 'Super Titanium'],
  Rotary: ['Henley', 'Regent', 'Windsor', 'Canterbury'],
  Sekonda: ['Editions', 'Classic', 'Sports', 'Monica'],
  'Hugo Boss': ['Hero', 'Admiral', 'Centre Court', 'Trace'],
  'Olivia Burton': ['Bejewelled', 'Celestial', 'Signature Bee', 'Rainbow'],
  'Thomas Sabo': ['Rebel Spirit', 'Glam Spirit', 'Divine'],
  Garmin: ['Venu 3', 'Forerunner 265', 'fenix 8', 'vivoactive 5', 'Instinct 2'],
  Fossil: ['Gen 6', 'Gen 6 Wellness', 'Everett Hybrid', 'Machine Hybrid'],
};

/** Jewellery line names per brand. */
export const JEWELLERY_LINES: Partial<Record<BrandName, string[]>> = {
  Evermore: ['Solstice', 'Aurora', 'Celeste', 'Promise', 'Heritage'],
  'Thomas Sabo': ['Charm Club', 'Magic Stones', 'Glam and Soul', 'Together', 'Cosmic'],
  Nomination: ['Composable Classic', 'SeiMia', 'Bella', 'Sweetrock'],
  Clogau: ['Tree of Life', 'Kensington', 'Cariad', 'Awen', 'Royal Roses'],
  Swarovski: ['Millenia', 'Matrix', 'Constella', 'Stilla', 'Dextera'],
  'Daisy London': ['Stacking', 'Isla', 'Bloom', 'Estee Lalonde'],
  'Links of London': ['Sweetie', 'Essentials', 'Timeless', 'Heritage'],
  'Ti Sento': ['Milano', 'Stacking', 'Candy'],
};

/** Charm motifs. */
export const CHARM_MOTIFS = [
  'Heart',
  'Star',
  'Four-leaf Clover',
  'Moon',
  'Bee',
  'Letter A',
  'Letter J',
  'Letter M',
  'Paw Print',
  'Butterfly',
  'Horseshoe',
  'Anchor',
  'Birthstone April',
  'Birthstone May',
  'Mum',
  'Sister',
  'Graduation Cap',
  'Christmas Tree',
  'Snowflake',
  'Unicorn',
  'Angel Wing',
  'Infinity',
  'Tree of Life',
  'Dragonfly',
];

/** Virtual services (with custom options). */
export const SERVICES = [
  { name: 'Ring Engraving Service', price: 15, code: 'ENG-R' },
  { name: 'Watch Engraving Service', price: 20, code: 'ENG-W' },
  { name: 'Pendant Engraving Service', price: 12, code: 'ENG-P' },
  { name: 'Ring Resizing Service', price: 35, code: 'RSZ' },
  { name: 'Watch Battery Replacement', price: 12.5, code: 'BAT' },
  { name: 'Jewellery Clean and Polish', price: 15, code: 'CLN' },
  { name: 'Watch Strap Fitting', price: 10, code: 'STR' },
  { name: 'Insurance Valuation', price: 45, code: 'VAL' },
];

/** Downloadable products. */
export const DOWNLOADS = [
  { name: 'Digital Gift Card', price: 25, code: 'EGC', art: 'giftcard' as const, leaf: 73 },
  { name: 'Digital Gift Card', price: 50, code: 'EGC', art: 'giftcard' as const, leaf: 73 },
  { name: 'Digital Gift Card', price: 100, code: 'EGC', art: 'giftcard' as const, leaf: 73 },
  { name: 'Digital Gift Card', price: 250, code: 'EGC', art: 'giftcard' as const, leaf: 73 },
  { name: 'Jewellery Care Guide (PDF)', price: 2.99, code: 'GDE', art: 'guide' as const, leaf: 85 },
  { name: 'Watch Care Guide (PDF)', price: 2.99, code: 'GDE', art: 'guide' as const, leaf: 85 },
  { name: 'Diamond Buying Guide (PDF)', price: 4.99, code: 'GDE', art: 'guide' as const, leaf: 85 },
  { name: 'Digital Gift Card', price: 10, code: 'EGC', art: 'giftcard' as const, leaf: 73 },
  { name: 'Engagement Ring Guide (PDF)', price: 4.99, code: 'GDE', art: 'guide' as const, leaf: 85 },
  { name: 'Digital Gift Card', price: 75, code: 'EGC', art: 'giftcard' as const, leaf: 73 },
  { name: 'Watch Buying Guide (PDF)', price: 4.99, code: 'GDE', art: 'guide' as const, leaf: 85 },
  { name: 'Digital Gift Card', price: 150, code: 'EGC', art: 'giftcard' as const, leaf: 73 },
  { name: 'Gemstone Guide (PDF)', price: 3.99, code: 'GDE', art: 'guide' as const, leaf: 85 },
  { name: 'Digital Gift Card', price: 500, code: 'EGC', art: 'giftcard' as const, leaf: 73 },
  { name: 'Pearl Care Guide (PDF)', price: 2.99, code: 'GDE', art: 'guide' as const, leaf: 85 },
];

/**
 * A catalogue with more services or downloads than the lists above names the later rounds apart, as a
 * shop would: a service at each of the shops, a gift card in another design, a guide in a later edition.
 */
export const SERVICE_ROUNDS = ['Preston', 'Blackburn', 'Bury', 'Carlisle'];
export const GIFT_CARD_DESIGNS = ['Birthday design', 'Wedding design', 'Christmas design', 'Thank You design'];
export const GUIDE_EDITIONS = ['2nd edition', '3rd edition', '4th edition', '5th edition'];

/** Review copy. */
export const REVIEW_NICKNAMES = [
  'Sarah from Preston',
  'James B',
  'Emma',
  'Mark T',
  'Claire',
  'Dave from Bury',
  'Lucy',
  'Andrew',
  'Rachel K',
  'Helen',
  'Tom',
  'Jo from Carlisle',
  'Gemma',
  'Paul',
  'Amy R',
  'Chris',
];
export const REVIEW_TEXTS: [number, string, string][] = [
  [5, 'Absolutely beautiful', 'Even nicer in person than in the photos. Arrived beautifully boxed and the next day.'],
  [5, 'She said yes!', 'Perfect fit and it sparkles in every light. The team in store were so helpful.'],
  [5, 'Great quality', 'Solid and well made, worth every penny. Would buy again.'],
  [4, 'Lovely gift', 'My wife loves it. Slightly smaller than I expected but still lovely.'],
  [4, 'Very pleased', 'Keeps perfect time and looks smart with a suit or jeans.'],
  [4, 'Good value', 'Nice piece for the price, delivery was quick.'],
  [3, 'Nice but', 'Pretty, but the clasp is a bit fiddly to do up on your own.'],
  [5, 'Excellent service', 'Ordered online and collected in Blackburn the next day. Brilliant.'],
  [2, 'Not for me', 'Looked more yellow than I expected. Returned without any fuss though.'],
  [5, 'Stunning', 'Bought as an anniversary present and it was a hit.'],
];
