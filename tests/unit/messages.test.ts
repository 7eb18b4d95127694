import { describe, expect, it } from 'vitest';
import { messages, fill } from '../../src/lib/messages';
import { fillAround } from '../../src/lib/messages/around';
import { config } from '../../src/lib/config';

describe('message catalogue', () => {
  it('fills {email} from the mailer contact address', () => {
    expect(fill(messages.orderAddressInvalid)).toContain(`contact us on ${config.mailer.contactAddress} to resolve`);
    expect(fill(messages.orderAddressInvalid)).not.toContain('{email}');
    expect(fill(messages.internalValidationError)).toContain(config.mailer.contactAddress);
  });

  it('shows no placeholder on the pages that print a text with {email} as it is', () => {
    // Every text with an {email} placeholder is filled where it is shown; the texts themselves keep it.
    const withEmail = Object.entries(messages).filter(([, text]) => text.includes('{email}'));
    expect(withEmail.map(([key]) => key).sort()).toEqual(
      [
        'bookingFallback',
        'errorHelp',
        'internalValidationError',
        'offlineOrderHeldOwner',
        'offlineOrderHeldSession',
        'orderAddressInvalid',
        'orderUnknown',
      ].sort(),
    );
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

  it('fill fills named placeholders and leaves unknown ones', () => {
    expect(fill(messages.addedToWishlist, { name: 'Gold Ring' })).toBe('Product Gold Ring has been added to wishlist!');
    expect(fill('{missing} {email}', {})).toBe(`{missing} ${config.mailer.contactAddress}`);
  });

  it('splits a text around one placeholder, the others filled', () => {
    expect(fillAround(messages.orderSuccessNumber, 'id')).toEqual(['Your order number is ', '.']);
    expect(fillAround(messages.orderNumber, 'id')).toEqual(['Order #', '']);
    expect(fillAround('{n} of {id} for {n}', 'id', { n: 2 })).toEqual(['2 of ', ' for 2']);
    expect(fillAround('no placeholder {n}', 'id', { n: 1 })).toEqual(['no placeholder 1', '']);
  });
});
