import type { ConsolePage } from '@instalment/federation/console-pages';

/** The news team's operator screens: its build exposes and publishes them (DESIGN §3). */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { path: '/news', module: './ConsoleNews', titles: { en: 'News', 'zh-CN': '资讯' }, permission: 'news' },
];
