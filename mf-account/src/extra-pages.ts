import type { ExtraPage } from '@instalment/federation/pages';

/** "My data": the borrower's archive to download, and closing the account (PIPL arts. 45 and 47). */
export const MY_DATA_PAGE = {
  path: '/pages/profile/data',
  module: './MyData',
  titles: { en: 'my data', 'zh-CN': '我的数据' },
  needsLogin: true,
} satisfies ExtraPage;

/** The pages this team adds beside SPEC §2's rows: the build exposes and publishes each. */
export const EXTRA_PAGES: ExtraPage[] = [MY_DATA_PAGE];
