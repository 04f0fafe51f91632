import { defineMessages } from './locale';

/** Consent to the terms of service and the privacy policy, worded once for every screen that asks for it. */
export const agreementMessages = defineMessages({
  en: {
    agreeBefore: 'I have read and agree to the ',
    agreeBetween: ' and the ',
    agreeRequired: 'Please agree to the terms of service and the privacy policy.',
  },
  'zh-CN': {
    agreeBefore: '我已阅读并同意',
    agreeBetween: '和',
    agreeRequired: '请阅读并同意用户协议和隐私政策。',
  },
});
