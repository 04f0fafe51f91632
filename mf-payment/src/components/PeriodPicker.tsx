import { useState } from 'react';
import type { Instalment } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { checkPeriodSelection, formatMoney, loanMessages, togglePeriod } from '@instalment/contract/loan';
import { Tag } from '@instalment/ui/kit';
import { messages } from '../messages';
import { openPeriods } from '../instalments';
import styles from './PeriodPicker.module.css';

interface PeriodPickerProps {
  legend: string;
  list: readonly Instalment[];
  selected: readonly number[];
  onChange: (selected: number[]) => void;
  /** Show paid periods too (greyed, not selectable), for the whole schedule. */
  showPaid?: boolean;
  disabled?: boolean;
}

/**
 * Checkboxes for the instalments to pay. A tap that would break the rule (earliest first, no
 * gaps) is turned into the nearest valid selection, and the rule is said out loud.
 */
export function PeriodPicker({ legend, list, selected, onChange, showPaid = false, disabled = false }: PeriodPickerProps) {
  const t = useT(messages);
  const tl = useT(loanMessages);
  const [note, setNote] = useState<string | null>(null);
  const open = openPeriods(list);
  const rows = [...list].filter((item) => showPaid || item.status !== 'paid').sort((a, b) => a.period - b.period);

  const toggle = (period: number) => {
    const asTapped = selected.includes(period) ? selected.filter((p) => p !== period) : [...selected, period];
    const problem = asTapped.length > 0 ? checkPeriodSelection(open, asTapped) : null;
    setNote(problem === 'mustIncludeEarliest' || problem === 'noSkipping' ? tl(problem) : null);
    onChange(togglePeriod(open, selected, period));
  };

  return (
    <fieldset className={styles.picker} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      <ul className={styles.list}>
        {rows.map((item) => {
          const paid = item.status === 'paid';
          const status = item.under_review ? tl('underReview') : tl(`instalment_${item.status}`);
          return (
            <li key={item.period} className={`${styles.row} ${paid ? styles.paid : ''}`}>
              <label className={styles.label}>
                <input
                  type="checkbox"
                  className={styles.check}
                  checked={paid || selected.includes(item.period)}
                  disabled={paid || item.under_review}
                  onChange={() => toggle(item.period)}
                  aria-label={t('periodLabel', { n: item.period, date: item.due_date, amount: formatMoney(item.total), status })}
                />
                <span className={styles.main}>
                  <span className={styles.period}>{t('period', { n: item.period })}</span>
                  <span className={styles.date}>{t('dueOn', { date: item.due_date })}</span>
                  {item.status === 'overdue' && item.overdue_days > 0 && (
                    <span className={styles.late}>
                      {t('daysLate', { days: item.overdue_days })} · {t('penalty', { amount: formatMoney(item.penalty) })}
                    </span>
                  )}
                </span>
                <span className={styles.side}>
                  <span className={styles.amount}>{formatMoney(item.total)}</span>
                  <Tag tone={item.under_review ? 'pending' : item.status}>{status}</Tag>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <p className={styles.note} role="status" aria-live="polite">
        {note}
      </p>
    </fieldset>
  );
}
