import { loadConfig, productionProblems } from '../../src/settings/config';
import { productionEnv } from '../production';

/** Autopay's settings: off unless asked for, and production refuses to charge without telling the borrower. */
const TEMPLATES = {
  ALIYUN_SMS_AUTOPAY_DUE_TEMPLATE_CODE: 'SMS_AUTOPAY_DUE',
  ALIYUN_SMS_AUTOPAY_CHARGED_TEMPLATE_CODE: 'SMS_AUTOPAY_CHARGED',
  ALIYUN_SMS_AUTOPAY_FAILED_TEMPLATE_CODE: 'SMS_AUTOPAY_FAILED',
};

const autopayProblems = (env: Record<string, string>) =>
  productionProblems(loadConfig(productionEnv(env))).filter((problem) => problem.includes('AUTOPAY'));

test('autopay is off by default, charging at 10:00, 16:00 and 20:00 with four attempts when turned on', () => {
  expect(loadConfig({}).autopay).toMatchObject({ enabled: false });
  expect(loadConfig({ AUTOPAY: '1', AUTOPAY_HOURS: '20, 9,9', AUTOPAY_CHARGE_CAP: '300' }).autopay).toEqual({
    enabled: true,
    hours: [9, 20],
    attempts: 4,
    chargeCapFen: 30_000,
    monthlyCapFen: 5_000_000,
  });
  expect(() => loadConfig({ AUTOPAY_HOURS: '10,24' })).toThrow('AUTOPAY_HOURS must list hours from 0 to 23');
});

test('production refuses autopay without the SMS templates that tell the borrower before, after and on failure', () => {
  expect(autopayProblems({})).toEqual([]);
  expect(autopayProblems({ AUTOPAY: '1' })).toEqual([expect.stringContaining('ALIYUN_SMS_AUTOPAY_FAILED_TEMPLATE_CODE')]);
  expect(autopayProblems({ AUTOPAY: '1', ...TEMPLATES })).toEqual([]);
});
