import { LOCALE_STORAGE_KEY } from '@instalment/contract/i18n';
import { LocaleStore } from './locale';

function memory(saved: string | null) {
  const items = new Map<string, string>(saved === null ? [] : [[LOCALE_STORAGE_KEY, saved]]);
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

it('starts in the remembered language, else in the first supported one of the browser', () => {
  expect(new LocaleStore(memory('zh-CN'), ['en-US']).locale).toBe('zh-CN');
  expect(new LocaleStore(memory(null), ['de-DE', 'zh-Hans-CN']).locale).toBe('zh-CN');
  expect(new LocaleStore(memory('fr'), []).locale).toBe('en');
});

it('remembers a switch and tells its followers once', () => {
  const storage = memory(null);
  const store = new LocaleStore(storage, ['en']);
  const heard: string[] = [];
  const stop = store.subscribe(() => heard.push(store.getSnapshot()));
  store.set('zh-CN');
  store.set('zh-CN');
  stop();
  store.set('en');
  expect(heard).toEqual(['zh-CN']);
  expect(storage.items.get(LOCALE_STORAGE_KEY)).toBe('en');
});
