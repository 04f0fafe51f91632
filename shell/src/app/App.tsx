import { HostContext } from '@instalment/shared/host';
import { RouterProvider } from 'react-router-dom';
import type { ShellHost } from '../host/createShellHost';
import { Overlays } from '../ui/Overlays';

export function App({ host, router }: { host: ShellHost; router: Parameters<typeof RouterProvider>[0]['router'] }) {
  return (
    <HostContext.Provider value={host}>
      <RouterProvider router={router} />
      <Overlays ui={host.uiStore} />
    </HostContext.Provider>
  );
}
