import { renderStandalone } from '@instalment/shared/harness';
import Login from './pages/Login';
import Profile from './pages/Profile';
import Register from './pages/Register';
import UserInfo from './pages/UserInfo';

// The components behind this remote's exposed modules; the pages table says which route opens which.
renderStandalone('mf_account', { './Login': Login, './Register': Register, './Profile': Profile, './UserInfo': UserInfo });
