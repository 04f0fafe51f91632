import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { enableStaticRendering } from 'mobx-react-lite';
import { HostContext } from '@instalment/host-sdk/host';
import { chooseLocale, DEFAULT_LOCALE, LOCALE_STORAGE_KEY, LOCALES, type Locale } from '@instalment/contract/i18n';
import { ROUTES, TABS } from '@instalment/federation/pages';
import { Frame } from '../app/Frame';
import { createShellHost } from '../host/createShellHost';

// Run at build time, in Node, by the shell's production build (webpack.config.base.js, `firstPaint`):
// its output is written into index.html, so it must never hold anything personal. Home is drawn
// as a visitor nobody has logged in sees it before any answer: the frame, home's welcome, the tab bar.
enableStaticRendering(true);

/** What createShellHost reads of a window while it renders: a browser with only `locale` saved. */
function buildTimeWindow(locale: Locale): Window {
  const storage = (saved: Record<string, string>): Storage => {
    const items = new Map(Object.entries(saved));
    return {
      get length() {
        return items.size;
      },
      key: (index) => [...items.keys()][index] ?? null,
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
      clear: () => items.clear(),
    };
  };
  return {
    localStorage: storage({ [LOCALE_STORAGE_KEY]: locale }),
    sessionStorage: storage({}),
    navigator: { languages: [locale], language: locale },
    history: { state: null },
    location: { origin: '', pathname: '/' },
  } as unknown as Window;
}

/** Home's first paint in one language, as React's first render of `/` draws it. */
export function firstPaint(locale: Locale): string {
  const router = { navigate: () => undefined, state: { location: { pathname: '/', search: '' } } };
  const host = createShellHost({ apiBaseURL: '/' }, router, buildTimeWindow(locale));
  return renderToStaticMarkup(
    <HostContext.Provider value={host}>
      <MemoryRouter initialEntries={['/']}>
        <Frame />
      </MemoryRouter>
    </HostContext.Provider>,
  );
}

/** Every language's first paint: the default one goes into #root, the others wait in templates. */
export function firstPaints(): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, firstPaint(locale)])) as Record<Locale, string>;
}

/** Templates holding the other languages' first paints are named by this and the language. */
const TEMPLATE_PREFIX = 'first-paint-';

/** The paths that open on home: any other one must not show home's frame, even for a moment. */
const HOME_PATHS = ROUTES.filter((route) => route.page === 'home').map((route) => route.path);

/**
 * The inline script after #root. A page opened on another route than home drops the paint (its
 * own frame comes with React). Otherwise it picks the language the app will (the same
 * chooseLocale, run from its source) and, for another than the default, swaps that language's
 * paint in, before the browser draws anything. A tab tapped on the paint, before the app runs,
 * is not lost: it moves the route there, and the app opens on it.
 */
export function chooserScript(): string {
  return `(function(){var root=document.getElementById('root');
var route=location.hash.replace(/^#/,'').split('?')[0]||'/';
if(${JSON.stringify(HOME_PATHS)}.indexOf(route)<0){root.innerHTML='';return;}
var saved=null;try{saved=localStorage.getItem(${JSON.stringify(LOCALE_STORAGE_KEY)})}catch(e){}
var locale=(${chooseLocale.toString()})(saved,navigator.languages||[navigator.language],${JSON.stringify(LOCALES)},${JSON.stringify(DEFAULT_LOCALE)});
document.documentElement.lang=locale;
var other=document.getElementById(${JSON.stringify(TEMPLATE_PREFIX)}+locale);
if(other&&locale!==${JSON.stringify(DEFAULT_LOCALE)})root.innerHTML=other.innerHTML;
var paint=root.firstElementChild;
root.addEventListener('click',function(event){var tab=event.target.closest&&event.target.closest('nav button');
if(!tab||!paint.isConnected||!paint.contains(tab))return;
location.hash=${JSON.stringify(TABS.map((tab) => tab.path))}[Array.prototype.indexOf.call(tab.parentNode.children,tab)];});})();`;
}

/** index.html's body from #root on: the default language drawn, the others and their chooser after it. */
export function firstPaintBody(): string {
  const paints = firstPaints();
  const others = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)
    .map((locale) => `<template id="${TEMPLATE_PREFIX}${locale}">${paints[locale]}</template>`)
    .join('');
  return `<div id="root">${paints[DEFAULT_LOCALE]}</div>${others}<script>${chooserScript()}</script>`;
}
