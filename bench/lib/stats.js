// Median and spread of a few samples: few runs, so the whole range is shown, not just the IQR.

function quantile(sorted, q) {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

/**
 * { median, min, max, p25, p75, n, samples } of the numbers among `values` (nulls are skipped),
 * the quantiles rounded to `decimals` (one suits milliseconds; a score of 0–1 needs two).
 */
function describe(values, decimals = 1) {
  const samples = values.filter((value) => typeof value === 'number' && Number.isFinite(value));
  if (!samples.length) return { median: null, min: null, max: null, p25: null, p75: null, n: 0, samples: [] };
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10 ** decimals) / 10 ** decimals;
  return {
    median: round(quantile(sorted, 0.5)),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    p25: round(quantile(sorted, 0.25)),
    p75: round(quantile(sorted, 0.75)),
    n: samples.length,
    samples,
  };
}

function ratio(federated, monolithic) {
  if (federated?.median == null || !monolithic?.median) return null;
  return Math.round((federated.median / monolithic.median) * 100) / 100;
}

module.exports = { describe, ratio };
