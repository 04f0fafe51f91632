import { HostContext } from '@instalment/host-sdk/host';
import { HashRouter } from 'react-router-dom';
import type { ShellHost } from '../host/createShellHost';
import { Overlays } from '../ui/Overlays';
import { Frame } from './Frame';
import { type NavigationBridge, NavigationSync } from './navigation';

/** The declarative hash router: every path renders the frame, which looks the route up. */
export function App({ host, navigation }: { host: ShellHost; navigation: NavigationBridge }) {
  return (
    <HostContext.Provider value={host}>
      <HashRouter>
        <NavigationSync bridge={navigation} />
        <Frame />
      </HashRouter>
      <Overlays ui={host.uiStore} />
    </HostContext.Provider>
  );
}
