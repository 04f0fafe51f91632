import { defineMessages } from '@instalment/contract/i18n';

/** Platform news words; shared words (loading, retry, no more, titles) come from shared catalogues. */
export const messages = defineMessages({
  en: {
    latestNews: 'latest news',
    more: 'more',
    moreNews: 'more news',
    empty: 'No news yet.',
    latestFailed: 'Latest news could not be loaded.',
    listFailed: 'News could not be loaded.',
    detailFailed: 'This article could not be loaded.',
    refreshFailed: 'Could not refresh; showing the last loaded version.',
    notFound: 'This article does not exist or has been removed.',
    backToList: 'back to news',
    byAuthor: 'by {author}',
  },
  'zh-CN': {
    latestNews: '最新资讯',
    more: '更多',
    moreNews: '更多资讯',
    empty: '暂无资讯',
    latestFailed: '最新资讯加载失败',
    listFailed: '资讯加载失败',
    detailFailed: '资讯内容加载失败',
    refreshFailed: '刷新失败，当前显示的是上次加载的内容',
    notFound: '该资讯不存在或已下架',
    backToList: '返回资讯列表',
    byAuthor: '作者：{author}',
  },
});
