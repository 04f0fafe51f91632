import { createContext, useContext, type ReactNode } from 'react';
import type { ConsolePageProps } from './props';

/** Whether the operator may act on the screen shown; false for one who may only read it. */
const MayAct = createContext(true);

/** Whether the operator may act on this screen: the kit's actions (NoteAction, SettingForm) and a screen's own ask it. */
export const useMayAct = (): boolean => useContext(MayAct);

/** A screen's action (a button, a form): nothing for an operator who may only read the screen. */
export function Acts({ children }: { children: ReactNode }) {
  return useMayAct() ? children : null;
}

/**
 * A console screen as the ops host hands it its props: its actions hidden from an operator who
 * may only read it (`ConsolePageProps.readOnly`, the auditor on another role's screen). The kit is
 * bundled into each remote, so each screen sets its own scope from the props the host passed.
 */
export function consoleScreen<P extends Pick<ConsolePageProps, 'readOnly'>>(Screen: (props: P) => React.JSX.Element | null) {
  function Scoped(props: P) {
    return (
      <MayAct.Provider value={!props.readOnly}>
        <Screen {...props} />
      </MayAct.Provider>
    );
  }
  Scoped.displayName = Screen.name;
  return Scoped;
}
