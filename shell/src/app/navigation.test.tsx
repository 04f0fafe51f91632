import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { NavigationBridge, NavigationSync } from './navigation';

beforeEach(() => window.history.replaceState(null, '', '/#/pages/loan/detail?order_no=L1'));

test('before the router is mounted, the location is read from the hash and navigation sets it', () => {
  const bridge = new NavigationBridge();
  expect(bridge.state.location).toEqual({ pathname: '/pages/loan/detail', search: '?order_no=L1' });
  bridge.navigate('/pages/login/login');
  expect(window.location.hash).toBe('#/pages/login/login');
});

test('once mounted, the bridge follows the router and navigates through it', () => {
  const bridge = new NavigationBridge();
  render(
    <MemoryRouter initialEntries={['/pages/news/list?page=2']}>
      <NavigationSync bridge={bridge} />
    </MemoryRouter>,
  );
  expect(bridge.state.location).toMatchObject({ pathname: '/pages/news/list', search: '?page=2' });
  act(() => bridge.navigate('/pages/profile/profile'));
  expect(bridge.state.location).toMatchObject({ pathname: '/pages/profile/profile' });
});
