/**
 * A dependency-free SVG plot for BENCHMARKS.md: log-log panels of series against graph size,
 * solid lines for Lineage and dashed for networkx, one colour per query type, AAN as a hollow
 * marker beside the synthetic series.
 */

export interface Series {
  label: string;
  colour: string;
  dashed?: boolean;
  points: { x: number; y: number; hollow?: boolean }[];
}

export interface Panel {
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
}

const W = 520;
const H = 380;
const M = { left: 70, right: 16, top: 34, bottom: 52 };

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function decades(values: number[]): [number, number] {
  const pos = values.filter((v) => v > 0 && Number.isFinite(v));
  return [Math.floor(Math.log10(Math.min(...pos))), Math.ceil(Math.log10(Math.max(...pos)))];
}

function tick(e: number): string {
  if (e >= 6) return `10^${e}`;
  if (e >= 0) return String(10 ** e);
  return String(Number((10 ** e).toFixed(-e)));
}

function panel(p: Panel, dx: number): string {
  const xs = p.series.flatMap((s) => s.points.map((q) => q.x));
  const ys = p.series.flatMap((s) => s.points.map((q) => q.y));
  const [x0, x1] = decades(xs);
  const [y0, y1] = decades(ys);
  const px = (x: number) => dx + M.left + ((Math.log10(x) - x0) / Math.max(1, x1 - x0)) * (W - M.left - M.right);
  const py = (y: number) => M.top + (1 - (Math.log10(y) - y0) / Math.max(1, y1 - y0)) * (H - M.top - M.bottom);
  const out: string[] = [];
  out.push(`<text x="${dx + W / 2}" y="20" text-anchor="middle" font-weight="600">${esc(p.title)}</text>`);
  for (let e = x0; e <= x1; e++) {
    out.push(`<line x1="${px(10 ** e)}" y1="${M.top}" x2="${px(10 ** e)}" y2="${H - M.bottom}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${px(10 ** e)}" y="${H - M.bottom + 16}" text-anchor="middle">${tick(e)}</text>`);
  }
  for (let e = y0; e <= y1; e++) {
    out.push(`<line x1="${dx + M.left}" y1="${py(10 ** e)}" x2="${dx + W - M.right}" y2="${py(10 ** e)}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${dx + M.left - 6}" y="${py(10 ** e) + 4}" text-anchor="end">${tick(e)}</text>`);
  }
  out.push(`<text x="${dx + M.left + (W - M.left - M.right) / 2}" y="${H - 14}" text-anchor="middle">${esc(p.xLabel)}</text>`);
  out.push(`<text transform="translate(${dx + 16} ${M.top + (H - M.top - M.bottom) / 2}) rotate(-90)" text-anchor="middle">${esc(p.yLabel)}</text>`);
  for (const s of p.series) {
    const line = s.points.filter((q) => !q.hollow && q.y > 0).sort((a, b) => a.x - b.x);
    if (line.length > 1) {
      const d = line.map((q, i) => `${i === 0 ? "M" : "L"}${px(q.x).toFixed(1)},${py(q.y).toFixed(1)}`).join(" ");
      out.push(`<path d="${d}" fill="none" stroke="${s.colour}" stroke-width="1.8"${s.dashed ? ' stroke-dasharray="5 4"' : ""}/>`);
    }
    for (const q of s.points.filter((q) => q.y > 0)) {
      out.push(`<circle cx="${px(q.x).toFixed(1)}" cy="${py(q.y).toFixed(1)}" r="3.2" fill="${q.hollow ? "white" : s.colour}" stroke="${s.colour}" stroke-width="1.5"/>`);
    }
  }
  return out.join("\n");
}

function legend(series: Series[], y: number): string {
  const out: string[] = [];
  series.forEach((s, i) => {
    const x = 20 + (i % 4) * 260;
    const row = y + Math.floor(i / 4) * 18;
    out.push(`<line x1="${x}" y1="${row - 4}" x2="${x + 26}" y2="${row - 4}" stroke="${s.colour}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5 4"' : ""}/>`);
    out.push(`<text x="${x + 32}" y="${row}">${esc(s.label)}</text>`);
  });
  return out.join("\n");
}

export function plotSvg(panels: Panel[], note: string): string {
  const seen = new Map<string, Series>();
  for (const p of panels) for (const s of p.series) seen.set(s.label, s);
  const rows = Math.ceil(seen.size / 4);
  const height = H + 24 + rows * 18 + 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W * panels.length}" height="${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    ...panels.map((p, i) => panel(p, i * W)),
    legend([...seen.values()], H + 20),
    `<text x="20" y="${height - 8}" fill="#555">${esc(note)}</text>`,
    "</svg>",
  ].join("\n");
}
