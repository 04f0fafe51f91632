import { renderStandalone } from '@instalment/federation/harness';
import NewsDetail from './pages/NewsDetail';
import NewsList from './pages/NewsList';
import LatestNews from './widgets/LatestNews';

// The components behind this remote's exposed modules; the pages table says which route opens which.
renderStandalone('mf_news', { './NewsList': NewsList, './NewsDetail': NewsDetail, './LatestNews': LatestNews });
