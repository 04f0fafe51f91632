import { renderStandalone } from '@instalment/shared/harness';
import NewsDetail from './pages/NewsDetail';
import NewsList from './pages/NewsList';
import LatestNews from './widgets/LatestNews';

renderStandalone({ '/pages/news/list': NewsList, '/pages/news/detail': NewsDetail, '/': LatestNews });
