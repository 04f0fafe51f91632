import { mayDo } from '@instalment/shared/api';
import type { OperatorInfo, OpsPage } from '@instalment/shared/ops';

/** Whether the operator's roles open a console page: its navigation, its route and the home's queues ask this. */
export const mayOpen = (page: OpsPage, operator: OperatorInfo) => page.permission === null || mayDo(operator.roles, page.permission);
