import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { OperatorRole } from '@instalment/contract/api';
import { loadExposed, publishedMetaData } from '@instalment/federation/loader';
import { CONSOLE_PAGES_METADATA } from '@instalment/federation/console-pages';
import type { ContainerName } from '@instalment/federation/pages';
import { createConsoleHost } from './host/createConsoleHost';
import { ConsoleApp } from './ConsoleApp';
import { PUBLISHED } from './published.fixture';

jest.mock('@instalment/federation/loader', () => ({
  ...jest.requireActual('@instalment/federation/loader'),
  publishedMetaData: jest.fn(),
  loadExposed: jest.fn(),
}));
const metaData = jest.mocked(publishedMetaData);
const exposed = jest.mocked(loadExposed);

const REMOTES = PUBLISHED.map(([remote]) => remote);
/** Each remote's manifest as its deployment publishes it; a remote named in `failing` cannot be read. */
function manifests(failing: ContainerName[] = []) {
  metaData.mockImplementation(async (remote, key) => {
    if (failing.includes(remote)) throw new Error(`${remote} answered 503`);
    return key === CONSOLE_PAGES_METADATA ? PUBLISHED.find(([name]) => name === remote)?.[1] : undefined;
  });
}

/** The console opened at `path` by an operator signed in earlier in this browser with `roles`. */
async function opened(path: string, roles: OperatorRole[], locale: 'en' | 'zh-CN' = 'en') {
  const earlier = createConsoleHost(
    'http://api.test',
    { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn() },
    jest.fn(),
  );
  earlier.session.setToken('operator-token', Math.floor(Date.now() / 1000) + 3600);
  earlier.locale.set(locale);
  window.localStorage.setItem('operator', JSON.stringify({ username: 'rev.ann', roles, business_timezone: 'Asia/Shanghai' }));
  window.location.hash = `#${path}`;
  render(<ConsoleApp apiBaseURL="http://api.test" remotes={REMOTES} />);
  await act(async () => {});
}

const navigation = () =>
  within(screen.getByRole('navigation'))
    .queryAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => {
  jest.clearAllMocks();
  manifests();
});
afterEach(() => window.localStorage.clear());

test('a page outside the operator’s roles says so and names the roles that open it', async () => {
  await opened('/audit', ['reviewer']);
  expect(screen.getByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Your role does not open this page.It opens for: Admin, Auditor.');
  expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
});

test('in Chinese too', async () => {
  await opened('/operators', ['finance'], 'zh-CN');
  expect(screen.getByRole('alert')).toHaveTextContent('您的角色无法打开此页面。可打开此页面的角色：管理员, 审计员。');
  // Whose session it is reads in the same language.
  expect(screen.getByText('rev.ann · 财务')).toBeInTheDocument();
});

test('the navigation is the console’s own screens and what each remote publishes, as far as the operator’s roles open them', async () => {
  await opened('/', ['finance']);
  expect(navigation()).toEqual(['Queues', 'Approvals', 'Reports', 'Loans', 'Overdue report', 'Transfer proofs', 'Payment differences']);
  expect(metaData.mock.calls.map(([remote, key]) => `${remote} ${key}`)).toEqual(REMOTES.map((remote) => `${remote} opsPages`));
});

test('the auditor opens every screen, each only to read: a remote screen is told so, the operators screen shows no action', async () => {
  exposed.mockResolvedValue({ default: ({ readOnly }: { readOnly?: boolean }) => <p>{readOnly ? 'Read only' : 'Acting'}</p> });
  await opened('/proofs', ['auditor']);
  expect(navigation()).toEqual([
    'Queues',
    'Approvals',
    'Reports',
    'Audit log',
    'Operators',
    'Releases',
    'Loans',
    'Overdue report',
    'Transfer proofs',
    'Payment differences',
    'News',
  ]);
  expect(await screen.findByText('Read only')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  fireEvent.click(screen.getByRole('link', { name: 'Operators' }));
  await act(async () => {});
  expect(screen.queryByRole('form', { name: 'New operator' })).toBeNull();
});

test('finance acts on its own screens', async () => {
  exposed.mockResolvedValue({ default: ({ readOnly }: { readOnly?: boolean }) => <p>{readOnly ? 'Read only' : 'Acting'}</p> });
  await opened('/proofs', ['finance']);
  expect(await screen.findByText('Acting')).toBeInTheDocument();
});

test('an editor sees the news remote’s screen and opens it from that remote; a published title reads in Chinese', async () => {
  exposed.mockResolvedValue({ default: () => <p>The news editor</p> });
  await opened('/', ['editor'], 'zh-CN');
  expect(navigation()).toEqual(['待办', '复核', '资讯']);
  fireEvent.click(screen.getByRole('link', { name: '资讯' }));
  expect(await screen.findByText('The news editor')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('资讯');
  expect(exposed).toHaveBeenCalledWith('mf_news', './ConsoleNews');
});

test('a remote whose manifest cannot be read offers a retry for its screens; the rest of the console works meanwhile', async () => {
  manifests(['mf_payment']);
  await opened('/', ['finance']);
  expect(navigation()).toEqual(['Queues', 'Approvals', 'Reports', 'Loans', 'Overdue report']);
  expect(screen.getByRole('alert')).toHaveTextContent('The screens of mf_payment could not be loaded.');

  manifests();
  fireEvent.click(screen.getByRole('button', { name: 'Load the screens of mf_payment again' }));
  await act(async () => {});
  expect(navigation()).toEqual(['Queues', 'Approvals', 'Reports', 'Loans', 'Overdue report', 'Transfer proofs', 'Payment differences']);
  expect(screen.queryByRole('alert')).toBeNull();
});

test('a deep link to a published screen opens once its remote has published it', async () => {
  exposed.mockResolvedValue({ default: () => <p>The loan queue</p> });
  await opened('/loans', ['reviewer']);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Loans');
  expect(await screen.findByText('The loan queue')).toBeInTheDocument();
});
