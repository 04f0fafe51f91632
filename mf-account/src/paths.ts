/** The app routes of mf-account's pages (SPEC §2, mirrored by the shell's route table). */
export const ACCOUNT_PATHS = {
  login: '/pages/login/login',
  register: '/pages/register/register',
  resetPassword: '/pages/login/resetpwd',
  profile: '/pages/profile/profile',
  userinfo: '/pages/profile/userinfo',
  security: '/pages/profile/security',
  editProfile: '/pages/profile/edit',
} as const;
