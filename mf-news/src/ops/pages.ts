import type { OpsPage } from '@instalment/federation/ops-pages';

/** The news team's operator screens: its build exposes and publishes them (DESIGN §3). */
export const OPS_PAGES: readonly OpsPage[] = [
  { path: '/news', module: './OpsNews', titles: { en: 'News', 'zh-CN': '资讯' }, permission: 'news' },
];
