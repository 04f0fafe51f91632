import { defineMessages } from '@instalment/contract/i18n';

/**
 * The home widget's own words, apart from the pages' (`../messages.ts`): home is every visitor's
 * first page, and its chunk carries only these instead of the whole remote's catalogue.
 */
export const widgetMessages = defineMessages({
  en: {
    widgetTitle: 'Instalment loan',
    upTo: 'up to {max}',
    widgetRange: 'Borrow from {min} to {max}',
    widgetTerms: 'Repay over {terms}',
    widgetRate: 'Interest from {rate} a month',
    widgetApr: 'APR {low} to {high}, fees included',
    applyNow: 'Apply now',
    termsJoin: ', ',
  },
  'zh-CN': {
    widgetTitle: '分期借款',
    upTo: '最高可借 {max}',
    widgetRange: '可借 {min} 至 {max}',
    widgetTerms: '可分 {terms}',
    widgetRate: '月利率低至 {rate}',
    widgetApr: '年化利率 {low} 至 {high}（含服务费）',
    applyNow: '立即申请',
    termsJoin: '、',
  },
});
