/**
 * What a page wraps itself in to follow the session: MobX's `observer`, from the host SDK so that
 * a remote reacts through the shell's one copy of MobX (the session's), and neither MobX nor its
 * React binding is a singleton of its own.
 */
export { observer } from 'mobx-react-lite';
