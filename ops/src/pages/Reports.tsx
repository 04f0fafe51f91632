import { useState } from 'react';
import type { DailyReportQuery, DayFigures } from '@instalment/contract/api';
import { formatMoney, inZone } from '@instalment/contract/format';
import { addDays, calendarDate } from '@instalment/contract/loan';
import { useT } from '@instalment/host-sdk/host';
import { ExportButton, LoadedTable, Stacked, useConsoleApi, useConsoleWords, type Column } from '@instalment/ui/console';
import { useLoad } from '@instalment/ui/kit';
import { hostMessages } from '../host/messages';
import type { HostScreenProps } from './pages';

/** A row of the report: a day, or the range's totals. */
interface Row {
  key: string;
  label: string;
  figures: DayFigures;
}

type Tally = DayFigures['disbursed'];

/** A week, the range a report opens on: the seven days up to yesterday. */
const WEEK_DAYS = 7;

/**
 * The daily report, to close a day or a range of them: what was disbursed, repaid (by channel),
 * refunded, left open in differences, overdue at each day's end and charged by autopay, with the range's totals,
 * on the lender's calendar (`business_timezone`). It opens on yesterday, the day to be closed.
 */
export function Reports({ operator }: HostScreenProps) {
  const zone = operator.business_timezone;
  const { reports } = useConsoleApi();
  const t = useT(hostMessages);
  const words = useConsoleWords();
  const today = calendarDate(Date.now(), zone);
  const yesterday = addDays(today, -1);
  const [ranged, setRanged] = useState(false);
  const [date, setDate] = useState(yesterday);
  const [from, setFrom] = useState(addDays(yesterday, 1 - WEEK_DAYS));
  const [to, setTo] = useState(yesterday);
  const asked: DailyReportQuery = ranged ? { from, to } : { date };
  const loaded = useLoad(() => reports.daily(asked), [reports, JSON.stringify(asked)]);

  /** A date field that keeps its day while it is being cleared: a report always has one. */
  const day = (label: string, value: string, set: (value: string) => void) => (
    <label>
      <span>{inZone(label, zone)} </span>
      <input
        type="date"
        value={value}
        max={today}
        required
        onChange={(event) => event.currentTarget.value && set(event.currentTarget.value)}
      />
    </label>
  );
  const tally = (value: Tally, unit: 'reportRecords' | 'reportLoans' = 'reportRecords') => (
    <Stacked first={formatMoney(value.amount)} second={t(unit, { n: value.count })} />
  );
  const figure = (header: string, of: (figures: DayFigures) => Tally, unit?: 'reportLoans'): Column<Row> => ({
    header,
    shape: 'code',
    cell: (row) => tally(of(row.figures), unit),
  });

  return (
    <>
      <form className="ops-filter" onSubmit={(event) => event.preventDefault()}>
        <fieldset className="ops-filter">
          <legend>{t('reportFor')}</legend>
          <label>
            <input type="radio" name="report-days" checked={!ranged} onChange={() => setRanged(false)} /> {t('reportOneDay')}
          </label>
          <label>
            <input type="radio" name="report-days" checked={ranged} onChange={() => setRanged(true)} /> {t('reportRange')}
          </label>
        </fieldset>
        {ranged ? (
          <>
            {day(t('reportFrom'), from, setFrom)}
            {day(t('reportTo'), to, setTo)}
          </>
        ) : (
          day(t('reportDay'), date, setDate)
        )}
        <ExportButton kind="daily" query={asked} />
      </form>
      {/* The last report stays loaded while a refused one is asked for: the refusal replaces it, lest it be read for the days asked. */}
      {loaded.error ? (
        <p role="alert" className="ops-error">
          {loaded.error.message}
        </p>
      ) : (
        <LoadedTable
          loaded={loaded}
          caption={inZone(ranged ? t('reportOfRange', { from, to }) : t('reportOfDay', { date }), zone)}
          empty={t('reportNone')}
          rows={(data) => [
            ...data.days.map((row) => ({ key: row.date, label: row.date, figures: row })),
            ...(data.days.length > 1 ? [{ key: 'total', label: t('reportTotal'), figures: data.total }] : []),
          ]}
          rowKey={(row) => row.key}
          columns={[
            { header: t('reportDay'), shape: 'code', cell: (row) => (row.key === 'total' ? <strong>{row.label}</strong> : row.label) },
            figure(t('reportDisbursed'), (figures) => figures.disbursed),
            figure(t('reportRepaid'), (figures) => figures.repaid),
            {
              header: t('reportRepaidBy'),
              cell: (row) =>
                row.figures.repaid_by.length === 0 ? (
                  t('reportNone')
                ) : (
                  <ul className="ops-channels">
                    {row.figures.repaid_by.map((channel) => (
                      <li key={channel.channel}>
                        {t('reportByChannel', {
                          channel: words.channel(channel.channel),
                          amount: formatMoney(channel.amount),
                          n: channel.count,
                        })}
                      </li>
                    ))}
                  </ul>
                ),
            },
            figure(t('reportRefunded'), (figures) => figures.refunded),
            figure(t('reportDifferencesOpen'), (figures) => figures.differences_open),
            figure(t('reportOverdue'), (figures) => figures.overdue, 'reportLoans'),
            {
              header: t('reportAutopay'),
              shape: 'code',
              cell: (row) => (
                <Stacked
                  first={formatMoney(row.figures.autopay_charged.amount)}
                  second={t('reportAutopayCounts', { n: row.figures.autopay_charged.count, failed: row.figures.autopay_failed })}
                />
              ),
            },
          ]}
        />
      )}
      {ranged && <p>{t('reportOverdueTotal')}</p>}
    </>
  );
}
