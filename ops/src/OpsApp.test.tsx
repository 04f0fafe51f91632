import { act, render, screen } from '@testing-library/react';
import type { OperatorRole } from '@instalment/shared/api';
import { createOpsHost } from './host';
import { OpsApp } from './OpsApp';

/** The console opened at `path` by an operator signed in earlier in this browser with `roles`. */
async function opened(path: string, roles: OperatorRole[], locale: 'en' | 'zh-CN' = 'en') {
  const earlier = createOpsHost(
    'http://api.test',
    { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn() },
    jest.fn(),
  );
  earlier.session.setToken('operator-token', Math.floor(Date.now() / 1000) + 3600);
  earlier.locale.set(locale);
  window.localStorage.setItem('operator', JSON.stringify({ username: 'rev.ann', roles, business_timezone: 'Asia/Shanghai' }));
  window.location.hash = `#${path}`;
  render(<OpsApp apiBaseURL="http://api.test" />);
  await act(async () => {});
}

afterEach(() => window.localStorage.clear());

test('a page outside the operator’s roles says so and names the roles that open it', async () => {
  await opened('/audit', ['reviewer']);
  expect(screen.getByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Your role does not open this page.It opens for: Auditor, Admin.');
  expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
});

test('in Chinese too', async () => {
  await opened('/operators', ['finance'], 'zh-CN');
  expect(screen.getByRole('alert')).toHaveTextContent('您的角色无法打开此页面。可打开此页面的角色：管理员。');
  // Whose session it is reads in the same language.
  expect(screen.getByText('rev.ann · 财务')).toBeInTheDocument();
});
