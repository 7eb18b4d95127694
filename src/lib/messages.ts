/**
 * Every text shown to shoppers (spec §8, the §5 form messages and the fixed texts of §2/§9),
 * in one catalogue. `{email}` is filled from `config.mailer.contactAddress`.
 */
import { config } from './config';

const raw = {
  // §8 session token
  tokenRefreshAborted: 'Error refreshing user token. User is not authorized to access the resource',
  tokenRefreshLimit:
    'Internal Application error while refreshing the tokens. Please clear the storage and refresh page.',
  // §8 product and catalogue
  noAvailableVariants: 'No available product variants',
  wrongResponseFormat: 'Unhandled error, wrong response format!',
  noEntityType: 'No entity type registered for ',
  productQueryEmpty: 'Product query returned an empty result',
  offlinePageUnavailable:
    'The product, category or CMS page is not available in Offline mode. Redirecting to Home.',
  productOutOfStock: 'This product is out of stock.',
  wrongAttributes: 'No such configuration for the product. Please do choose another combination of attributes.',
  // §8 sync
  badContentType: 'Error with response - bad content-type!',
  noSuchEntityCartId: 'No such entity with cartId',
  // §8 orders
  orderAddressInvalid:
    'Address provided in checkout contains invalid data. Please check if all required fields are filled in and also contact us on {email} to resolve this issue for future. Your order has been canceled.',
  orderProductsOutOfStock: "Some products you've ordered are out of stock. Your order has been canceled.",
  orderAddProductsError: 'Error: Error while adding products',
  serverOrderIdSet: 'The server order id has been set to ',
  offlineOrderWaiting: 'Order waiting!',
  offlineOrderNotice:
    'Your order has been saved and will be sent as soon as you are back online. Please do not clear your browser data until then.',
  offlineOrderQueued: 'Your order is queued and will be sent when the connection returns.',
  offlineOrderConfirmTitle: 'Orders waiting to be sent',
  offlineOrderSend: 'Send orders now',
  offlineOrderCancel: 'Cancel orders',
  // §8 mail
  emailSent: 'Email has successfully been sent',
  emailFailed: 'Could not send an email. Please try again later.',
  // §8 reviews
  reviewAdding: 'Adding a review ...',
  reviewSubmitted: 'You submitted your review for moderation.',
  reviewFailed: 'Something went wrong. Try again in a few seconds.',
  // §8 server errors
  internalServerError: 'Internal Server Error 500',
  renderError: "We've noticed Internal Server Error while rendering this request.",
  somethingWrong: 'Something went wrong ...',
  // §8 message catalogue
  cannotAddOutOfStock: 'The product is out of stock and cannot be added to the cart!',
  cannotAddPriceUnknown: 'Product price is unknown, product cannot be added to the cart!',
  noSuchConfiguration: 'No such configuration for the product. Please do choose another combination of attributes.',
  someProductsUnavailable: 'Some of the ordered products are not available!',
  stockCheckInProgress: 'Stock check in progress, please wait while available stock quantities are checked',
  internalValidationError:
    'Internal validation error; Please check if all required fields are filled in. Please contact us on {email}',
  notAuthorized: 'You are not authorized to access this resource.',
  incorrectCouponCode: "You've entered an incorrect coupon code. Please try again.",
  resetPasswordOffline: 'Reset password feature does not work while offline!',
  resetPasswordError: 'Error while sending reset password e-mail',
  notFound404: '404 Page Not Found',
  serverError500: '500 Internal Server Error',
  fixValidationErrors: 'Please fix the validation errors',
  configureCustomOptions: 'Please configure product custom options and fix the validation errors',
  configureBundleOptions: 'Please configure product bundle options and fix the validation errors',
  // §8 menus, CMS, logs
  headerMenuEmpty: 'Header menu returned empty result',
  cmsQueryEmpty: 'CMS query returned empty result',
  cmsExtensionHint: 'Please check if the CMS API extension is installed on the backend (cms{type} endpoints).',
  tagManagerNoId: 'Tag manager: no container id configured, events are not sent.',
  routeNotFound: 'Route not found',
  noMappingFound: 'No mapping found',
  // §5 form rules
  fieldRequired: 'Field is required',
  fieldRequiredDot: 'Field is required.',
  mustBeGreaterThanZero: 'Must be greater than 0',
  nameMinLength: 'Name must have at least 2 letters.',
  zipMinLength: 'Zip-code must have at least 3 letters.',
  taxIdMinLength: 'Tax ID must have at least 3 letters.',
  passwordMinLength: 'Password must have at least 8 letters.',
  passwordsMismatch: 'Passwords must be identical.',
  emailInvalid: 'Please provide valid e-mail address.',
  quantityAboveZero: 'Quantity must be above 0',
  searchMinLength: 'Search term must have at least 3 characters',
  termsRequired: 'You must accept the terms and conditions.',
  postcodeInvalid: 'Please provide a valid UK postcode.',
  // §2 routing and pages
  loginRequired: 'You need to be logged in to see this page',
  orderConfirmationTitle: 'Order confirmation',
  orderConfirmationPlaced: 'Your order has been placed. Thank you for shopping with us.',
  orderConfirmationDelivery:
    'You can follow the delivery status of your order from your account, under My orders.',
  orderConfirmationEmail: 'We have sent you a confirmation e-mail with the details of your order.',
  orderConfirmationLogin: 'Log in with your account to see your order history and track future orders.',
  youMayAlsoLike: 'You may also like',
  recentlyViewedTitle: 'My Recently viewed products',
  noProductsYet: 'No products yet',
  noProductsFound: 'No products found!',
  changeSearchCriteria: 'Please change your search criteria and try again.',
  checkAvailableSizes: 'Check available sizes',
  productDetails: 'Product details',
  notAvailableShort: 'N/A',
  // §9 badges and newsletter
  badgeSale: 'Sale',
  badgeNew: 'New',
  newsletterPromise: 'Subscribe to our newsletter and get 10% off your next order.',
  // cart and wishlist notices (§4)
  addedToCart: 'Product has been added to the cart!',
  removedFromCart: 'Product has been removed from the cart.',
  confirmRemoveFromCart: 'Are you sure you would like to remove this item from the shopping cart?',
  addedToWishlist: 'Product {name} has been added to wishlist!',
  removedFromWishlist: 'Product {name} has been removed from wishlist!',
  addedToCompare: 'Product {name} has been added to the compare!',
  removedFromCompare: 'Product {name} has been removed from compare!',
  ok: 'OK',
  refresh: 'Refresh',
  swUpdated: 'A new version of the shop is available. Refresh to update.',
  searchOfflineEmpty: 'Search is not available offline for this query.',
  searchNoResults: 'No results were found.',
  // site chrome and catalogue pages (pages helper)
  skipToContent: 'Skip to content',
  navMain: 'Main',
  navMenu: 'Menu',
  navClose: 'Close',
  navShopAll: 'Shop all {name}',
  headerSearch: 'Search',
  headerAccount: 'My account',
  headerWishlist: 'Wishlist',
  headerCart: 'Cart',
  homeLink: 'Home',
  breadcrumbsLabel: 'Breadcrumb',
  footerAbout: 'About us',
  footerLegal: 'Legal',
  footerHelp: 'Help',
  footerShopping: 'Shopping',
  footerShops: 'Our shops',
  footerNewsletterTitle: 'Newsletter',
  footerCopyright: '© {year} {shop}. All rights reserved.',
  homeHeroEyebrow: 'Fine jewellery & watches',
  homeCategoriesTitle: 'Shop by category',
  homeProductsTitle: 'New in',
  homeOffersTitle: 'Offers & inspiration',
  viewAll: 'View all',
  discover: 'Discover',
  shopNow: 'Shop now',
  itemsCount: '{count} items',
  itemCount: '{count} item',
  filtersButton: 'Filters',
  filtersTitle: 'Filter by',
  filtersClose: 'Close filters',
  filtersShowResults: 'Show results',
  filtersClear: 'Clear all',
  sortLabel: 'Sort by',
  priceRangeLabel: '{from} - {to}',
  priceRangeAbove: '{from} and above',
  priceFilterLabel: 'Price',
  regularPrice: 'Regular price',
  specialPrice: 'Special price',
  priceFrom: 'From',
  skuLabel: 'SKU',
  sizeLabel: 'Size',
  colourLabel: 'Colour',
  sizeGuide: 'Size guide',
  quantityLabel: 'Quantity',
  addToCart: 'Add to cart',
  addToWishlist: 'Add to wishlist',
  addToCompare: 'Add to compare',
  inStock: 'In stock',
  productDescription: 'Description',
  productSpecifications: 'Specifications',
  readMore: 'Read more',
  readLess: 'Read less',
  zoomImage: 'Zoom image',
  closeZoom: 'Close',
  galleryLabel: 'Product images',
  previousImage: 'Previous image',
  nextImage: 'Next image',
  imageOf: 'Image {index} of {count}',
  groupedTitle: 'This set includes',
  bundleTitle: 'Choose your options',
  customOptionsTitle: 'Personalise it',
  optionNone: 'None',
  optionPriceAdd: '+ {price}',
  financeFrom: 'Spread the cost from {price} a month',
  klarnaAvailable: 'Pay in 3 interest-free instalments with Klarna.',
  ampViewFull: 'View full product page',
  backToTop: 'Back to top',
} as const;

export type MessageKey = keyof typeof raw;

/** Fills `{name}` placeholders; `{email}` defaults to the mailer contact address. */
export function fill(template: string, vars: Record<string, string | number> = {}): string {
  const all: Record<string, string | number> = { email: config.mailer.contactAddress, ...vars };
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in all ? String(all[key]) : whole));
}

/** The catalogue with `{email}` filled in. */
export const messages: Record<MessageKey, string> = Object.fromEntries(
  Object.entries(raw).map(([k, v]) => [k, fill(v)]),
) as Record<MessageKey, string>;

/** A message by key, with placeholders filled. */
export function t(key: MessageKey, vars: Record<string, string | number> = {}): string {
  return fill(raw[key], vars);
}
