import { formatPrice } from '@xr/contract/format';
import type { EarningsMonthly } from '@xr/contract/wallet';

const W = 600;
const H = 200;
const PAD_BOTTOM = 24;
const PAD_TOP = 16;

/** A plain SVG bar chart of monthly earnings (12 bars), scaling to its container's width; each bar has a tooltip. */
export function EarningsChart({ data, label }: { data: EarningsMonthly; label: string }) {
  const max = Math.max(1, ...data.map((d) => d.amount));
  const slot = W / Math.max(1, data.length);
  const barW = slot * 0.6;
  const plotH = H - PAD_BOTTOM - PAD_TOP;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={label} style={{ maxHeight: 240, display: 'block' }}>
      <line x1={0} x2={W} y1={H - PAD_BOTTOM} y2={H - PAD_BOTTOM} stroke="currentColor" strokeOpacity={0.2} />
      {data.map((d, i) => {
        const h = (d.amount / max) * plotH;
        const x = i * slot + (slot - barW) / 2;
        const y = H - PAD_BOTTOM - h;
        return (
          <g key={d.month} data-testid="earnings-bar">
            <title>{`${d.month}: ${formatPrice(d.amount)}`}</title>
            <rect x={x} y={y} width={barW} height={Math.max(h, d.amount > 0 ? 1 : 0)} rx={3} fill="#1677ff" />
            <text x={x + barW / 2} y={H - 8} fontSize={11} textAnchor="middle" fill="currentColor" fillOpacity={0.65}>
              {d.month.slice(5)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
