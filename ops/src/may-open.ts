import { mayDo, type AdminPermission } from '@instalment/contract/api';
import type { OperatorInfo } from '@instalment/ui/ops';

/** Whether the operator's roles open a console screen: its navigation, its route and the home's queues ask this. */
export const mayOpen = (screen: { permission: AdminPermission | null }, operator: OperatorInfo) =>
  screen.permission === null || mayDo(operator.roles, screen.permission);
