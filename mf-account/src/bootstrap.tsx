import { renderStandalone } from '@instalment/federation/harness';
import EditProfile from './pages/EditProfile';
import Login from './pages/Login';
import Profile from './pages/Profile';
import Register from './pages/Register';
import ResetPassword from './pages/ResetPassword';
import Security from './pages/Security';
import UserInfo from './pages/UserInfo';

// The components behind this remote's exposed modules; the pages table says which route opens which.
renderStandalone('mf_account', {
  './Login': Login,
  './Register': Register,
  './ResetPassword': ResetPassword,
  './Profile': Profile,
  './UserInfo': UserInfo,
  './Security': Security,
  './EditProfile': EditProfile,
});
