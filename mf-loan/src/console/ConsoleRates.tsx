import type { LoanRates, SettingValues } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { APR_CEILING_BP, APR_REFERENCE_AMOUNT_FEN, formatMoney, formatRate, fromFen, priceAprBp, toFen } from '@instalment/contract/loan';
import { DataTable, consoleScreen, SettingForm, useSettings } from '@instalment/ui/console';
import { Field, FieldError, Tag, describedBy, useForm, type Problems } from '@instalment/ui/kit';
import { consoleLoanMessages } from './messages';

/** The most a monthly rate or fee may be, in bp, as the rates' schema bounds it. */
const MONTHLY_PRICE_MAX_BP = 1000;

// A percentage with two decimals counts in hundredths as yuan count in fen: "0.80" % is 80 bp.
const percentOf = (bp: number) => fromFen(bp);
const bpOf = (percent: string) => {
  const bp = toFen(percent);
  return bp !== null && bp <= MONTHLY_PRICE_MAX_BP ? bp : null;
};

const rateField = (term: number) => `rate_${term}`;
const feeField = (term: number) => `fee_${term}`;

type RateValues = Record<string, string>;

/** The APR the borrower's app will show for a term's price as typed, or null while a price is not a percentage. */
function aprOf(values: RateValues, term: number): number | null {
  const rate = bpOf(values[rateField(term)]);
  const fee = bpOf(values[feeField(term)]);
  return rate === null || fee === null ? null : priceAprBp(APR_REFERENCE_AMOUNT_FEN, term, rate, fee);
}

/**
 * The loan team's prices: each term's monthly rate and fee, with the APR beside it computed as the
 * borrower will see it, and flagged over the legal ceiling before a second operator is asked.
 */
function RatesForm({ rates }: { rates: LoanRates }) {
  const t = useT(consoleLoanMessages);
  const ceiling = formatRate(APR_CEILING_BP);
  const terms = rates.terms.map((offer) => offer.term);
  const form = useForm<RateValues>(
    () => ({
      min_amount: rates.min_amount,
      max_amount: rates.max_amount,
      ...Object.fromEntries(
        rates.terms.flatMap((offer) => [
          [rateField(offer.term), percentOf(offer.monthly_rate_bp)],
          [feeField(offer.term), percentOf(offer.monthly_fee_bp)],
        ]),
      ),
    }),
    (values) => {
      const problems: Problems<RateValues> = {};
      const min = toFen(values.min_amount);
      const max = toFen(values.max_amount);
      problems.min_amount = min === null ? t('amountInvalid') : max !== null && min > max ? t('minOverMax') : null;
      problems.max_amount = max === null ? t('amountInvalid') : null;
      for (const term of terms) {
        const apr = aprOf(values, term);
        problems[rateField(term)] =
          bpOf(values[rateField(term)]) === null
            ? t('percentInvalid')
            : apr !== null && apr > APR_CEILING_BP
              ? t('priceOverCeiling', { ceiling })
              : null;
        problems[feeField(term)] = bpOf(values[feeField(term)]) === null ? t('percentInvalid') : null;
      }
      return problems;
    },
  );

  const value = (): SettingValues['loan_rates'] | null => {
    if (!form.validate()) return null;
    const { terms: _priced, ...kept } = rates;
    return {
      ...kept,
      min_amount: fromFen(toFen(form.values.min_amount)!),
      max_amount: fromFen(toFen(form.values.max_amount)!),
      terms: terms.map((term) => ({
        term,
        monthly_rate_bp: bpOf(form.values[rateField(term)])!,
        monthly_fee_bp: bpOf(form.values[feeField(term)])!,
      })),
    };
  };

  const priceInput = (name: string, label: string) => {
    const { error, ...input } = form.field(name);
    return (
      <>
        <input inputMode="decimal" aria-label={label} {...input} {...describedBy(input.id, error)} />
        <FieldError controlId={input.id} message={error} />
      </>
    );
  };

  return (
    <SettingForm setting="loan_rates" label={t('rates')} value={value}>
      <Field label={t('minAmount')} inputMode="decimal" {...form.field('min_amount')} />
      <Field label={t('maxAmount')} inputMode="decimal" {...form.field('max_amount')} />
      <DataTable
        caption={t('pricesByTerm')}
        empty={t('noTerms')}
        rows={terms}
        rowKey={(term) => term}
        columns={[
          { header: t('term'), cell: (term) => t('months', { n: term }) },
          { header: t('monthlyRate'), cell: (term) => priceInput(rateField(term), t('rateOf', { term })) },
          { header: t('monthlyFee'), cell: (term) => priceInput(feeField(term), t('feeOf', { term })) },
          {
            header: t('apr', { amount: formatMoney(fromFen(APR_REFERENCE_AMOUNT_FEN)) }),
            cell: (term) => {
              const apr = aprOf(form.values, term);
              if (apr === null) return '—';
              // The server refuses such a price; the operator hears it while typing, not after asking.
              return apr > APR_CEILING_BP ? (
                <Tag tone="rejected">{t('aprOverCeiling', { apr: formatRate(apr), ceiling })}</Tag>
              ) : (
                formatRate(apr)
              );
            },
          },
        ]}
      />
    </SettingForm>
  );
}

/** The loan team's prices: a change waits for a second operator. */
function ConsoleRates() {
  const settings = useSettings();
  return settings ? <RatesForm rates={settings.loan_rates} /> : null;
}

export default consoleScreen(ConsoleRates);
