import type { PageLoader } from '@instalment/federation/harness';

/** A page or widget file under src/, for the standalone harness (a context of those folders only, tests left out). */
export const loadPage: PageLoader = (file) =>
  import(/* webpackInclude: /(pages|widgets)\/[A-Za-z]+\.tsx$/ */ /* webpackExclude: /\.test\.tsx$/ */ `./${file}`);
