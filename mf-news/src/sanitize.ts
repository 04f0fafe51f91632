import createDOMPurify, { type Config } from 'dompurify';

/**
 * Article HTML comes from the server's editors, so it is treated as hostile: whatever it holds,
 * what reaches the page is text, images and links that open elsewhere.
 *
 * The hook lives on an instance of our own so that it never changes what DOMPurify does for
 * any other code in the browser that imports the library.
 */
const purifier = createDOMPurify(window);

const CONFIG: Config = {
  // HTML only: inline SVG and MathML are where most parser-confusion bypasses live.
  USE_PROFILES: { html: true },
  // Forms and embedded documents could pose as the app itself (fake login, fake cashier).
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'object',
    'embed',
    'link',
    'meta',
    'base',
  ],
  // style and class would let an article restyle or overlay the app's own screen; srcset would
  // carry image URLs past the single src that is checked below.
  FORBID_ATTR: ['style', 'class', 'srcset', 'action', 'formaction'],
  // An article's id or name must not shadow the app's elements or globals (DOM clobbering).
  SANITIZE_NAMED_PROPS: true,
};

const URL_ATTRIBUTES = ['src', 'href', 'poster', 'background', 'cite', 'xlink:href'];
const DATA_URL = /^\s*data:/i;
const DATA_IMAGE_URL = /^\s*data:image\//i;
/** The app's own routes, as articles link to them: `#/pages/…` (the hash router's form) or `/pages/…`. */
const IN_APP_LINK = /^#?(\/pages\/[a-z0-9/_-]+(\?[^#\s]*)?)$/i;

purifier.addHook('afterSanitizeAttributes', (node) => {
  // DOMPurify lets media tags keep any data: URL; only inline images are wanted.
  for (const name of URL_ATTRIBUTES) {
    const value = node.getAttribute(name);
    if (value !== null && DATA_URL.test(value) && !DATA_IMAGE_URL.test(value)) node.removeAttribute(name);
  }
  const href = node.getAttribute('href');
  if (href !== null) {
    const inApp = IN_APP_LINK.exec(href);
    if (inApp) {
      // A link to one of the app's own pages is a step inside the app: same tab, same session.
      node.setAttribute('href', `#${inApp[1]}`);
      node.removeAttribute('target');
      node.removeAttribute('rel');
    } else {
      // Anything else leaves the app in a new tab that can neither reach back (opener) nor lend
      // the platform's ranking to whatever it points at.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
  if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    node.setAttribute('decoding', 'async');
  }
});

/** Server article HTML → HTML that is safe to give to dangerouslySetInnerHTML. */
export function sanitizeArticle(html: string): string {
  return purifier.sanitize(html, CONFIG);
}
