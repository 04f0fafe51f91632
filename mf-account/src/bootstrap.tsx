import { renderStandalone } from '@instalment/shared/harness';
import Login from './pages/Login';
import Profile from './pages/Profile';
import Register from './pages/Register';
import UserInfo from './pages/UserInfo';

renderStandalone({
  '/pages/login/login': Login,
  '/pages/register/register': Register,
  '/pages/profile/profile': Profile,
  '/pages/profile/userinfo': UserInfo,
});
