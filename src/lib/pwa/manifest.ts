/** The web app manifest (installable shop): name, colours, icons and shortcuts, from the config. */
import { config } from '../config';
import { START_URL } from './sw-config';

/** Manifest fields as vite-plugin-pwa takes them (it writes dist/manifest.webmanifest). */
export function webAppManifest() {
  const { name, themeColor, backgroundColor } = config.shop;
  return {
    id: '/',
    name,
    // Home-screen label: 12 characters at most where the spaces can go ('Pendle&James').
    short_name: name.length <= 12 || name.replace(/\s+/g, '').length > 12 ? name : name.replace(/\s+/g, ''),
    description: `${name}: jewellery and watches`,
    lang: config.storeViews.default.i18n.defaultLocale,
    start_url: START_URL,
    scope: '/',
    display: 'standalone' as const,
    orientation: 'portrait-primary' as const,
    theme_color: themeColor,
    background_color: backgroundColor,
    categories: ['shopping', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      { name: 'Rings', url: '/rings', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      { name: 'Watches', url: '/watches', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      { name: 'My account', url: '/my-account', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    ],
  };
}
