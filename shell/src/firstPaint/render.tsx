import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { enableStaticRendering } from 'mobx-react-lite';
import { HostContext } from '@instalment/host-sdk/host';
import { STORAGE_KEYS } from '@instalment/host-sdk/session';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, LOCALES, type Locale } from '@instalment/contract/i18n';
import { Frame } from '../app/Frame';
import { PageSkeleton } from '../app/PageSkeleton';
import { createShellHost } from '../host/createShellHost';
import { chooserScript, TEMPLATE_PREFIX } from './chooser';
import { FRAME_PATHS, SHAPES } from './frames';

// Run at build time, in Node, by the shell's production build (webpack/first-paint.js):
// its output is written into index.html, so it must never hold anything personal. Each paint is
// what React's first render draws before any answer: the frame, home's welcome or a page's skeleton.
enableStaticRendering(true);

/**
 * What createShellHost reads of a window while it renders: a browser with only `locale` saved,
 * and a token when the page drawn needs a session (a placeholder: nothing of a person is drawn).
 */
function buildTimeWindow(locale: Locale, signedIn: boolean): Window {
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
    localStorage: storage({ [LOCALE_STORAGE_KEY]: locale, ...(signedIn ? { [STORAGE_KEYS.token]: 'first-paint' } : {}) }),
    sessionStorage: storage({}),
    navigator: { languages: [locale], language: locale },
    history: { state: null },
    location: { origin: '', pathname: '/' },
  } as unknown as Window;
}

/** The paint of `path` in one language, as React's first render of it draws it. */
export function firstPaint(locale: Locale, path = '/'): string {
  const router = { navigate: () => undefined, state: { location: { pathname: path, search: '' } } };
  const host = createShellHost({ apiBaseURL: '/' }, router, buildTimeWindow(locale, path !== '/'));
  return renderToStaticMarkup(
    <HostContext.Provider value={host}>
      <MemoryRouter initialEntries={[path]}>
        <Frame />
      </MemoryRouter>
    </HostContext.Provider>,
  );
}

/** Every language's first paint of home: the default one goes into #root, the others wait in templates. */
export function firstPaints(): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, firstPaint(locale)])) as Record<Locale, string>;
}

/** A frame with an empty slot where its route's skeleton was: the chooser puts the route's own there. */
export function framePaint(locale: Locale, path: string): string {
  const paint = firstPaint(locale, path);
  const drawn = SHAPES.map((shape) => renderToStaticMarkup(<PageSkeleton shape={shape} />)).find((markup) => paint.includes(markup));
  if (!drawn) throw new Error(`first paint: ${path} draws no skeleton`);
  return paint.replace(drawn, '<div data-skeleton="slot"></div>');
}

const template = (name: string, html: string) => `<template id="${TEMPLATE_PREFIX}${name}">${html}</template>`;

/**
 * index.html's body from #root on: home in the default language drawn; in templates, home in the
 * others, each language's frames, the skeletons' shapes; then the chooser.
 */
export function firstPaintBody(): string {
  const paints = firstPaints();
  const others = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => template(locale, paints[locale]));
  const frames = LOCALES.flatMap((locale) => FRAME_PATHS.map((path, index) => template(`${locale}-${index}`, framePaint(locale, path))));
  const shapes = SHAPES.map((shape) => template(`shape-${shape}`, renderToStaticMarkup(<PageSkeleton shape={shape} />)));
  return `<div id="root">${paints[DEFAULT_LOCALE]}</div>${[...others, ...frames, ...shapes].join('')}<script>${chooserScript()}</script>`;
}
