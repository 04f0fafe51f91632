import { CURRENT_AGREEMENT, cashier, createLoan, installments, register, sendSms, setReminders } from '@instalment/contract/api';
import { addDays } from '@instalment/contract/loan';
import { throughAliyun, withFakes } from '../fakes';
import { applicationOf, newPhone, PASSWORD, START_MS, startServer } from '../helpers';
import { payAtGateway } from './ledger/gateway';

const loopback = withFakes(['aliyun'], ({ aliyun }) =>
  startServer(throughAliyun(aliyun, { dueTemplateCode: 'SMS_DUE', overdueTemplateCode: 'SMS_OVERDUE' })),
);

/** A borrower signed up with the code Aliyun delivered, with a repaying 3-month loan taken today. */
async function borrower() {
  const client = loopback.server.client();
  const mobile = newPhone();
  await sendSms(client.http, { mobile, event: 'register' });
  const code = loopback.aliyun.messages.filter((message) => message.PhoneNumbers === mobile).at(-1)!.TemplateParam.code;
  client.token = (await register(client.http, { ...CURRENT_AGREEMENT, mobile, code, password: PASSWORD })).userinfo.token;
  const { order_no } = await createLoan(client.http, applicationOf(mobile));
  const plan = (await installments(client.http, { order_no })).list;
  return { client, mobile, order_no, plan };
}

const remindersTo = (mobile: string) =>
  loopback.aliyun.messages.filter((message) => message.PhoneNumbers === mobile && message.TemplateCode !== 'SMS_CODE');
const sendDue = () => loopback.server.app.services.reminders.sendDue();
/** Moves the clock to 10:00 Shanghai time on `date`. */
const moveTo = (date: string) => {
  loopback.server.clock.now = Date.parse(`${date}T02:00:00Z`);
};

afterEach(() => {
  loopback.server.clock.now = START_MS;
});

test('3 days before a due date and the day after it passes unpaid: one SMS each, whatever runs how often', async () => {
  const { mobile, order_no, plan } = await borrower();
  const due = plan[0].due_date;
  moveTo(addDays(due, -4));
  await sendDue();
  expect(remindersTo(mobile)).toEqual([]);

  moveTo(addDays(due, -3));
  // Two runs at once (two processes), then again later that day.
  await Promise.all([sendDue(), sendDue()]);
  await sendDue();
  expect(remindersTo(mobile)).toEqual([
    {
      PhoneNumbers: mobile,
      SignName: '分期宝',
      TemplateCode: 'SMS_DUE',
      TemplateParam: { order: order_no, period: '1', amount: plan[0].total, date: due },
    },
  ]);

  moveTo(due);
  await sendDue();
  expect(remindersTo(mobile)).toHaveLength(1);

  moveTo(addDays(due, 1));
  await Promise.all([sendDue(), sendDue()]);
  const overdue = remindersTo(mobile).slice(1);
  expect(overdue).toHaveLength(1);
  expect(overdue[0]).toMatchObject({ TemplateCode: 'SMS_OVERDUE', TemplateParam: { order: order_no, period: '1', date: due } });
  const rows = await loopback.server.app.store.q.selectFrom('reminders').selectAll().where('status', '=', 'sent').execute();
  expect(rows.filter((row) => row.period === 1)).toHaveLength(2);
});

test('a day the job did not run is caught up, once', async () => {
  const { mobile, plan } = await borrower();
  moveTo(addDays(plan[0].due_date, -2));
  await sendDue();
  expect(remindersTo(mobile).map((message) => message.TemplateCode)).toEqual(['SMS_DUE']);
});

test('no reminder for a paid instalment, nor for a borrower who turned them off', async () => {
  const paid = await borrower();
  const due = await cashier(paid.client.http, { order_no: paid.order_no, periods: '1' });
  expect(await payAtGateway(loopback.server, due.payment_no)).toBe('success');

  const quiet = await borrower();
  expect((await setReminders(quiet.client.http, { enabled: false })).sms_reminders).toBe(false);

  moveTo(addDays(paid.plan[0].due_date, -3));
  await sendDue();
  moveTo(addDays(paid.plan[0].due_date, 1));
  await sendDue();
  expect(remindersTo(paid.mobile)).toEqual([]);
  expect(remindersTo(quiet.mobile)).toEqual([]);
});

test('a reminder Aliyun did not take is sent on a later run', async () => {
  const { mobile, plan } = await borrower();
  moveTo(addDays(plan[0].due_date, -3));
  loopback.aliyun.mode('server-error');
  expect(await sendDue()).toBe(0);
  expect(remindersTo(mobile)).toEqual([]);
  loopback.aliyun.mode('ok');
  expect(await sendDue()).toBeGreaterThanOrEqual(1);
  expect(remindersTo(mobile)).toHaveLength(1);
});
