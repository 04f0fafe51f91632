import {
  ADMIN_ENDPOINTS,
  adminPath,
  createLoan,
  loanRates,
  type Approval,
  type ApprovalAsked,
  type Listing,
  type Settings,
  type ConsoleBorrower,
} from '@instalment/contract/api';
import { APR_REFERENCE_AMOUNT_FEN, priceAprBp } from '@instalment/contract/loan';
import { settingChanges } from '../../../src/services/setting-changes';
import { signUp, startServer, type TestServer } from '../../helpers';
import { operatorsOf } from '../../operators';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ approvalMode: 'manual' });
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

const awaiting = async (checker: Awaited<ReturnType<typeof loggedIn>>, id: number) =>
  (await checker.data<Listing<Approval>>('GET', `${ADMIN_ENDPOINTS.approvals}?status=awaiting&limit=200`)).list.find(
    (approval) => approval.id === id,
  );

test('a disbursement waiting for a checker names the borrower, the masked phone, the order, the amount and the term', async () => {
  const [reviewer, maker, checker] = await Promise.all([loggedIn(['reviewer']), loggedIn(['finance']), loggedIn(['finance'])]);
  const borrower = await signUp(server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }));
  const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), { bank_ref: 'ICBC-7' });

  expect((await awaiting(checker, asked.approval_id))?.subject).toEqual({
    about: 'disbursement',
    borrower: 'Li Lei',
    phone: `${borrower.mobile.slice(0, 3)}****${borrower.mobile.slice(7)}`,
    order_no,
    amount: '12000.00',
    term: 3,
  });
});

test('a change of rates names the term by its months and reads the APR that follows from the new price', async () => {
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['admin'])]);
  const { terms, ...rest } = await loanRates(server.client().http);
  const stored = { ...rest, terms: terms.map(({ apr_bp: _apr, ...term }) => term) };
  const last = stored.terms.length - 1;
  const cheaper = {
    ...stored,
    terms: stored.terms.map((term, index) => (index === last ? { ...term, monthly_rate_bp: term.monthly_rate_bp - 5 } : term)),
  };
  const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.setting, { key: 'loan_rates' }), { value: cheaper });

  const { term, monthly_rate_bp: rate, monthly_fee_bp: fee } = stored.terms[last];
  const owner = { term, channel: null };
  expect((await awaiting(checker, asked.approval_id))?.subject).toEqual({
    about: 'setting',
    changes: [
      { path: `terms[${last}].monthly_rate_bp`, ...owner, field: 'monthly_rate_bp', before: String(rate), after: String(rate - 5) },
      {
        path: `terms[${last}].apr_bp`,
        ...owner,
        field: 'apr_bp',
        before: String(terms[last].apr_bp),
        after: String(priceAprBp(APR_REFERENCE_AMOUNT_FEN, term, rate - 5, fee)),
      },
    ],
  });
});

test('a channel switched off is named, not numbered', async () => {
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['admin'])]);
  const { payment_channels: channels } = await maker.data<Settings>('GET', ADMIN_ENDPOINTS.settings);
  const off = channels.map((channel, index) => (index === 1 ? { ...channel, enabled: false } : channel));
  const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.setting, { key: 'payment_channels' }), { value: off });

  expect((await awaiting(checker, asked.approval_id))?.subject).toEqual({
    about: 'setting',
    changes: [{ path: '[1].enabled', term: null, channel: channels[1].name, field: 'enabled', before: 'true', after: 'false' }],
  });
});

test('terms are matched by their months: a term added reads as new values of that term only, with its APR', () => {
  const price = (term: number, monthly_rate_bp: number) => ({ term, monthly_rate_bp, monthly_fee_bp: 0 });
  const changes = settingChanges(
    'loan_rates',
    { terms: [price(3, 70), price(12, 70)] },
    { terms: [price(3, 70), price(6, 70), price(12, 70)] },
  );
  expect(changes.map(({ term, field, before }) => ({ term, field, before }))).toEqual([
    { term: 6, field: 'term', before: null },
    { term: 6, field: 'monthly_rate_bp', before: null },
    { term: 6, field: 'monthly_fee_bp', before: null },
    { term: 6, field: 'apr_bp', before: null },
  ]);
});

test('a credit line names the borrower and the line before and after, the default read as null', async () => {
  const [support, maker, checker] = await Promise.all([loggedIn(['support']), loggedIn(['reviewer']), loggedIn(['admin'])]);
  const borrower = await signUp(server);
  const { user } = await support.data<ConsoleBorrower>('GET', `${ADMIN_ENDPOINTS.users}?mobile=${borrower.mobile}`);
  const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.userCredit, { id: user.id }), { limit: '30000' });

  expect((await awaiting(checker, asked.approval_id))?.subject).toEqual({
    about: 'credit',
    borrower: user.nickname,
    phone: `${borrower.mobile.slice(0, 3)}****${borrower.mobile.slice(7)}`,
    before: null,
    after: '30000.00',
  });
});

test('a value only on one side of a change reads null on the other; text reads as it is', () => {
  const owner = { term: null, channel: null };
  expect(settingChanges('bank_info', { name: 'ICBC', channels: ['alipay'] }, { name: 'CCB', channels: ['alipay', 'transfer'] })).toEqual([
    { path: 'name', ...owner, field: 'name', before: 'ICBC', after: 'CCB' },
    { path: 'channels[1]', ...owner, field: 'channels', before: null, after: 'transfer' },
  ]);
});
