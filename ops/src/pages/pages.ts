import type { AdminPermission } from '@instalment/contract/api';
import type { Locale } from '@instalment/contract/i18n';
import type { ConsolePageProps } from '@instalment/ui/console';

/**
 * The console's own screens: the queues, the approvals inbox, the daily report, the audit log, the operators and
 * the remotes' releases.
 * Every other screen is published by the remote of the team that owns it (DESIGN §3).
 */
export const HOST_PAGES = [
  { path: '/', module: 'Queues', titles: { en: 'Queues', 'zh-CN': '待办' }, permission: null },
  { path: '/approvals', module: 'Approvals', titles: { en: 'Approvals', 'zh-CN': '复核' }, permission: null },
  { path: '/reports', module: 'Reports', titles: { en: 'Reports', 'zh-CN': '报表' }, permission: 'reports' },
  { path: '/audit', module: 'Audit', titles: { en: 'Audit log', 'zh-CN': '操作日志' }, permission: 'audit' },
  { path: '/operators', module: 'Operators', titles: { en: 'Operators', 'zh-CN': '操作员' }, permission: 'operators' },
  { path: '/releases', module: 'Releases', titles: { en: 'Releases', 'zh-CN': '发布管理' }, permission: 'releases' },
] as const satisfies ReadonlyArray<{ path: string; module: string; titles: Record<Locale, string>; permission: AdminPermission | null }>;

export type HostPage = (typeof HOST_PAGES)[number];

/** What the host's own screens get beside a remote screen's props: whether the operator opens a path (the queues link only to those). */
export interface HostScreenProps extends ConsolePageProps {
  opens(path: string): boolean;
}
