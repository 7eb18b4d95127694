/**
 * Starts every social photo feed of the page (src/components/SocialFeed.astro): each is refreshed
 * when it comes into view (./SocialFeed.ts).
 */
import { startSocialFeed } from './SocialFeed';
document.querySelectorAll<HTMLElement>('[data-social-feed]').forEach((el) => void startSocialFeed(el));
