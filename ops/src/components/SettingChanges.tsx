import type { SettingChange } from '@instalment/contract/api';
import type { Translate } from '@instalment/contract/i18n';
import { formatMoney, formatRate } from '@instalment/contract/loan';
import { useT } from '@instalment/host-sdk/host';
import { hostMessages } from '../host/messages';

type Key = keyof (typeof hostMessages)['en'];
type Words = Translate<Key>;

const AMOUNTS = new Set(['min_amount', 'max_amount', 'amount_step']);

/** A value as the setting means it: bp as a percentage, money in yuan, a channel's switch in words. */
function valueOf(change: SettingChange, value: string | null, t: Words): string {
  if (value === null) return '—';
  if (change.field.endsWith('_bp')) return formatRate(Number(value));
  if (AMOUNTS.has(change.field)) return formatMoney(value);
  if (change.field === 'enabled') return t(value === 'true' ? 'settingEnabled' : 'settingDisabled');
  return value;
}

/** What a value belongs to: a term by its months, a channel by its name, or the setting itself. */
const ownerOf = (change: SettingChange, t: Words) =>
  change.term !== null
    ? t('settingTerm', { term: change.term })
    : change.channel !== null
      ? t('settingChannel', { name: change.channel })
      : '';

/**
 * A setting's change in words, one line per term or channel: "12 months: monthly rate 0.70% →
 * 0.65%, APR 14.90% → 13.90%", "Channel Alipay: enabled → disabled". A value the console has no
 * name for reads by its path.
 */
export function SettingChanges({ changes }: { changes: readonly SettingChange[] }) {
  const t = useT(hostMessages);
  const groups = new Map<string, SettingChange[]>();
  for (const change of changes) groups.set(ownerOf(change, t), [...(groups.get(ownerOf(change, t)) ?? []), change]);
  const named = (change: SettingChange) => {
    const key = `setting_${change.field}` as Key;
    // A channel's switch reads as its state alone; a value with no name here reads by its path.
    if (change.field === 'enabled') return '';
    return key in hostMessages.en ? `${t(key)} ` : `${change.path} `;
  };
  const line = (list: readonly SettingChange[]) =>
    list
      .map((change) => `${named(change)}${valueOf(change, change.before, t)} → ${valueOf(change, change.after, t)}`)
      .join(t('settingJoin'));
  return (
    <ul className="ops-changes">
      {[...groups].map(([owner, list]) => (
        <li key={owner || list[0].path}>{owner ? t('settingOwned', { owner, changes: line(list) }) : line(list)}</li>
      ))}
    </ul>
  );
}
