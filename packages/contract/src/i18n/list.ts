import { defineMessages } from './locale';

/**
 * The words of a list or a part loading (SPEC §8's loading and failure texts): the UI kit's own,
 * apart from the common words so that a page's chunk carries these few, not the whole catalogue.
 * `commonMessages` holds them too.
 */
export const listMessages = defineMessages({
  en: {
    requestFailed: 'request failed',
    loading: 'loading...',
    retry: 'retry',
    noMore: 'no more',
    loadMore: 'load more',
  },
  'zh-CN': {
    requestFailed: '请求失败',
    loading: '加载中...',
    retry: '重试',
    noMore: '没有更多了',
    loadMore: '加载更多',
  },
});
