import { describe, expect, it } from 'vitest';
import { messages, t, fill } from '../../src/lib/messages';
import { config } from '../../src/lib/config';

describe('message catalogue', () => {
  it('fills {email} from the mailer contact address', () => {
    expect(messages.orderAddressInvalid).toContain(`contact us on ${config.mailer.contactAddress} to resolve`);
    expect(messages.orderAddressInvalid).not.toContain('{email}');
    expect(messages.internalValidationError).toContain(config.mailer.contactAddress);
  });

  it('holds the §8 texts word for word', () => {
    expect(messages.tokenRefreshAborted).toBe('Error refreshing user token. User is not authorized to access the resource');
    expect(messages.tokenRefreshLimit).toBe('Internal Application error while refreshing the tokens. Please clear the storage and refresh page.');
    expect(messages.offlinePageUnavailable).toBe('The product, category or CMS page is not available in Offline mode. Redirecting to Home.');
    expect(messages.orderProductsOutOfStock).toBe("Some products you've ordered are out of stock. Your order has been canceled.");
    expect(messages.badContentType).toBe('Error with response - bad content-type!');
    expect(messages.emailSent).toBe('Email has successfully been sent');
    expect(messages.emailFailed).toBe('Could not send an email. Please try again later.');
    expect([messages.reviewAdding, messages.reviewSubmitted, messages.reviewFailed]).toEqual([
      'Adding a review ...',
      'You submitted your review for moderation.',
      'Something went wrong. Try again in a few seconds.',
    ]);
    expect(messages.productOutOfStock).toBe('This product is out of stock.');
    expect(messages.noAvailableVariants).toBe('No available product variants');
    expect(messages.offlineOrderWaiting).toBe('Order waiting!');
    expect(messages.loginRequired).toBe('You need to be logged in to see this page');
  });

  it('t fills named placeholders and leaves unknown ones', () => {
    expect(t('addedToWishlist', { name: 'Gold Ring' })).toBe('Product Gold Ring has been added to wishlist!');
    expect(fill('{missing} {email}', {})).toBe(`{missing} ${config.mailer.contactAddress}`);
  });
});
