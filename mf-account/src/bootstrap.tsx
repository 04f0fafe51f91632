import { renderStandalone } from '@instalment/shared/harness';
import EditProfile from './pages/EditProfile';
import Login from './pages/Login';
import Profile from './pages/Profile';
import Register from './pages/Register';
import ResetPassword from './pages/ResetPassword';
import Security from './pages/Security';
import UserInfo from './pages/UserInfo';
import { ACCOUNT_PATHS } from './paths';

renderStandalone({
  [ACCOUNT_PATHS.login]: Login,
  [ACCOUNT_PATHS.register]: Register,
  [ACCOUNT_PATHS.resetPassword]: ResetPassword,
  [ACCOUNT_PATHS.profile]: Profile,
  [ACCOUNT_PATHS.userinfo]: UserInfo,
  [ACCOUNT_PATHS.security]: Security,
  [ACCOUNT_PATHS.editProfile]: EditProfile,
});
