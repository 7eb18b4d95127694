/**
 * vue-storefront-api's image route (`src/api/img.ts`, `src/image/action/local`) for the test backend
 * that behaves as VSFA: `GET /img/<width>/<height>/<action>/<path>` downloads
 * `magento2.imgUrl + '/' + <path>` (the path as the request wrote it, not decoded) and answers the
 * picture (a width and height of 0: not resized). Its answers as VSFA's: 400 with `{ code, result }` for
 * fewer than five path parts, an action other than resize, fit or identify, a type other than
 * gif/png/jpeg/webp/svg, or a picture it could not download. `imgUrl` ends with the product pictures'
 * folder (`http://magento/media/catalog/product` in VSFA's config/default.json).
 */

const ACTIONS = ['resize', 'fit', 'identify'];
const TYPES: Record<string, string> = { gif: 'image/gif', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', svg: 'image/svg+xml' };

const json = (status: number, result: string) =>
  new Response(JSON.stringify({ code: status, result }), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The route's answer to `path` (what follows `/img`, e.g. '/0/0/resize/s/o/a.jpg'). `download` is
 * Magento's media server: the bytes at a full URL, or null when it has none.
 */
export function vsfaImage(path: string, imgUrl: string, download: (url: string) => Uint8Array | null): Response {
  const parts = path.split('/');
  const usage = 'Please provide following parameters: /img/<type>/<width>/<height>/<action:fit,resize,identify>/<relative_url>';
  if (parts.length < 5) return json(400, usage);
  const [width, height, action] = [parseInt(parts[1]!), parseInt(parts[2]!), parts[3]!];
  if (isNaN(width) || isNaN(height) || !ACTIONS.includes(action)) return json(400, `${usage} OR ?url=&width=&height=&action=`);
  const url = `${imgUrl}/${parts.slice(4).join('/')}`;
  const type = TYPES[url.split('.').pop()!.toLowerCase()];
  if (!type) return json(400, 'Unsupported file type');
  const bytes = download(url);
  if (!bytes) return json(400, `Unable to download the requested image ${url}`);
  return new Response(new Uint8Array(bytes), { status: 200, headers: { 'Content-Type': type } });
}
