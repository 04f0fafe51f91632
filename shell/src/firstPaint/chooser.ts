import { chooseLocale, DEFAULT_LOCALE, LOCALE_STORAGE_KEY, LOCALES } from '@instalment/contract/i18n';
import { PAGES, ROUTES, TABS } from '@instalment/federation/pages';
import { FRAME_PATHS, ROWS, TITLES } from './frames';

/** Templates holding the paints #root does not show are named by this, the language and what they hold. */
export const TEMPLATE_PREFIX = 'first-paint-';

/** The paths that open on home: any other one must not show home's frame, even for a moment. */
const HOME_PATHS = ROUTES.filter((route) => route.page === 'home').map((route) => route.path);

/**
 * The inline script after #root. It picks the language the app will (the same chooseLocale, run
 * from its source). On home it swaps that language's paint in if it is not the default one.
 * Elsewhere it draws the route's frame in that language with the route's title and skeleton; a
 * route that needs a session the device lacks (the head's script found none) opens on the
 * login page, as the app will; a path the build does not know gets the frame of a page a remote
 * may publish. All before the browser draws anything. A tab tapped on the paint, before the app
 * runs, is not lost: it moves the route there, and the app opens on it.
 */
export function chooserScript(): string {
  const frames = FRAME_PATHS.length - 1;
  return `(function(){var root=document.getElementById('root');
var route=location.hash.replace(/^#/,'').split('?')[0]||'/';
var saved=null;try{saved=localStorage.getItem(${JSON.stringify(LOCALE_STORAGE_KEY)})}catch(e){}
var locale=(${chooseLocale.toString()})(saved,navigator.languages||[navigator.language],${JSON.stringify(LOCALES)},${JSON.stringify(DEFAULT_LOCALE)});
document.documentElement.lang=locale;
var prefix=${JSON.stringify(TEMPLATE_PREFIX)};
var template=function(name){var found=document.getElementById(prefix+name);return found?found.innerHTML:'';};
if(${JSON.stringify(HOME_PATHS)}.indexOf(route)<0){
var rows=${JSON.stringify(ROWS)};
var row=rows[window.__instalmentEarlySignIn?${JSON.stringify(PAGES.login.path)}:route];
root.innerHTML=template(locale+'-'+(row?row[0]:${frames}));
var slot=root.querySelector('[data-skeleton]');
if(slot)slot.outerHTML=template('shape-'+(row?row[1]:'generic'));
var title=root.querySelector('h1');
if(row&&title)title.textContent=${JSON.stringify(TITLES)}[locale][row[2]];
}else if(locale!==${JSON.stringify(DEFAULT_LOCALE)}&&template(locale))root.innerHTML=template(locale);
var paint=root.firstElementChild;
root.addEventListener('click',function(event){var tab=event.target.closest&&event.target.closest('nav button');
if(!tab||!paint||!paint.isConnected||!paint.contains(tab))return;
location.hash=${JSON.stringify(TABS.map((tab) => tab.path))}[Array.prototype.indexOf.call(tab.parentNode.children,tab)];});})();`;
}
