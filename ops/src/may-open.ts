import { mayAct, mayRead, type AdminPermission } from '@instalment/contract/api';
import type { OperatorInfo } from '@instalment/ui/console';

type Guarded = { permission: AdminPermission | null };

/** Whether the operator's roles open a console screen: its navigation, its route and the home's queues ask this. */
export const mayOpen = (screen: Guarded, operator: OperatorInfo) =>
  screen.permission === null || mayRead(operator.roles, screen.permission);

/** Whether the operator opens a screen only to read it (the auditor on another role's screen): its actions are hidden. */
export const readsOnly = (screen: Guarded, operator: OperatorInfo) =>
  screen.permission !== null && !mayAct(operator.roles, screen.permission);
