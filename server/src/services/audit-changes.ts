import { EDITABLE_SETTINGS, type EditableSetting, type SettingChange } from '@instalment/contract/api';
import { formatRate } from '@instalment/contract/loan';
import { settingChanges, valueChanges } from './setting-changes';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const settingOf = (target: string): EditableSetting | undefined => EDITABLE_SETTINGS.find((key) => target === `setting:${key}`);

/**
 * What an audit row's action changed, the changed values only: an approval approved by the
 * thing's state before against its result, one declined by nothing (its reason says why); a
 * setting's change asked for or approved by the setting's own structure (`settingChanges`:
 * terms by months with their APR, channels by name); anything else field by field.
 */
export function auditChanges(action: string, target: string, before: unknown, after: unknown): SettingChange[] {
  if (action === 'approval.decline') return [];
  const next =
    action === 'approval.approve' && isRecord(after) ? after.result : action === 'setting.ask' && isRecord(after) ? after.value : after;
  const setting = settingOf(target);
  return setting ? settingChanges(setting, before, next) : valueChanges(before, next);
}

/** A value as the setting means it: bp as a percentage, a channel's switch in words. */
function shown(change: SettingChange, value: string | null): string {
  if (value === null) return '—';
  if (change.field.endsWith('_bp')) return formatRate(Number(value));
  if (change.field === 'enabled') return value === 'true' ? 'enabled' : 'disabled';
  return value;
}

/**
 * The changes as one cell of the audit's CSV, as the log reads (in English): "12 months: monthly
 * rate 0.70% → 0.65%; 12 months: APR 14.90% → 13.90%"; a value with no owner by its path.
 */
export function changesText(changes: readonly SettingChange[]): string {
  return changes
    .map((change) => {
      const owner = change.term !== null ? `${change.term} months: ` : change.channel !== null ? `channel ${change.channel}: ` : '';
      const name = change.field === 'apr_bp' ? 'APR' : owner ? change.field.replace(/_bp$/, '').replace(/_/g, ' ') : change.path;
      return `${owner}${name} ${shown(change, change.before)} → ${shown(change, change.after)}`;
    })
    .join('; ');
}
