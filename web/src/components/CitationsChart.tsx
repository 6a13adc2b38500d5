/**
 * A small SVG bar chart of a paper's citations per year, as its page reported them. Missing years
 * between the first and last are drawn as zero; the whole series is also given as text.
 */
import { formatCount } from "../core/count-format.ts";

export interface CitationsChartProps {
  perYear: Record<string, number>;
  width?: number;
  height?: number;
}

export function citationSeries(perYear: Record<string, number>): { year: number; count: number }[] {
  const known = Object.entries(perYear)
    .map(([y, c]) => ({ year: Number(y), count: Number(c) }))
    .filter((e) => Number.isInteger(e.year) && Number.isFinite(e.count) && e.count >= 0);
  if (known.length === 0) return [];
  const byYear = new Map(known.map((e) => [e.year, e.count]));
  const first = Math.min(...known.map((e) => e.year));
  const last = Math.max(...known.map((e) => e.year));
  const series: { year: number; count: number }[] = [];
  for (let y = first; y <= last && series.length < 200; y++) series.push({ year: y, count: byYear.get(y) ?? 0 });
  return series;
}

export function CitationsChart({ perYear, width = 320, height = 96 }: CitationsChartProps) {
  const series = citationSeries(perYear);
  if (series.length === 0) return null;
  const max = Math.max(1, ...series.map((s) => s.count));
  const top = 14;
  const bottom = 16;
  const plot = height - top - bottom;
  const slot = width / series.length;
  const bar = Math.max(2, Math.min(28, slot * 0.7));
  const summary = series.map((s) => `${s.year}: ${s.count}`).join(", ");
  const first = series[0];
  const last = series[series.length - 1];
  return (
    <figure className="chart">
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`Citations per year: ${summary}`}>
        {series.map((s, i) => {
          const h = (s.count / max) * plot;
          const x = i * slot + (slot - bar) / 2;
          return (
            <g key={s.year}>
              <rect x={x} y={top + plot - h} width={bar} height={Math.max(h, s.count > 0 ? 1 : 0)} className="chart-bar">
                <title>{`${s.year}: ${s.count} citation${s.count === 1 ? "" : "s"}`}</title>
              </rect>
              {series.length <= 12 && s.count > 0 && (
                <text x={x + bar / 2} y={top + plot - h - 3} textAnchor="middle" className="chart-value">
                  {s.count}
                </text>
              )}
            </g>
          );
        })}
        <line x1={0} x2={width} y1={top + plot + 0.5} y2={top + plot + 0.5} className="chart-axis" />
        {series.length <= 8 &&
          series.map((s, i) => (
            <text key={s.year} x={i * slot + slot / 2} y={height - 3} textAnchor="middle" className="chart-label">
              {s.year}
            </text>
          ))}
        {series.length > 8 && first && (
          <text x={2} y={height - 3} className="chart-label">
            {first.year}
          </text>
        )}
        {series.length > 8 && last && last !== first && (
          <text x={width - 2} y={height - 3} textAnchor="end" className="chart-label">
            {last.year}
          </text>
        )}
      </svg>
      <figcaption className="muted">Citations per year as its page reports them (max {formatCount(max)})</figcaption>
    </figure>
  );
}
