import { chooseLocale, DEFAULT_LOCALE, detectLocale, LOCALES } from './locale';

const CASES: Array<[string | null, string[], string]> = [
  ['zh-CN', ['en-US'], 'zh-CN'],
  ['en', ['zh-CN'], 'en'],
  ['fr', ['zh-Hans-CN', 'en'], 'zh-CN'],
  [null, ['zh'], 'zh-CN'],
  [null, ['de-DE', 'en-GB'], 'en'],
  [null, ['de-DE'], 'en'],
  [null, [], 'en'],
];

it('takes the remembered language, else the first supported one of the browser', () => {
  for (const [saved, languages, expected] of CASES) expect(chooseLocale(saved, languages)).toBe(expected);
  expect(detectLocale(['zh-SG'])).toBe('zh-CN');
});

it('chooses the same from its own source alone, as index.html runs it before any bundle', () => {
  const standalone = new Function(`return (${chooseLocale.toString()})`)() as typeof chooseLocale;
  for (const [saved, languages, expected] of CASES) expect(standalone(saved, languages, LOCALES, DEFAULT_LOCALE)).toBe(expected);
});
