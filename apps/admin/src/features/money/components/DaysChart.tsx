import { useState } from 'react';
import { Typography } from 'antd';
import type { Figures, Summary } from '../api/money';

interface Series {
  key: keyof Figures;
  name: string;
  color: string;
}

/** The drawing's own units: the SVG scales to the card's width (text with it). */
const W = 1000;
const H = 280;
const PAD = { left: 72, right: 16, top: 12, bottom: 28 };
const plotW = W - PAD.left - PAD.right;
const plotH = H - PAD.top - PAD.bottom;

/** About five round steps from lo to hi (1, 2 or 5 × a power of ten), always including 0. */
function ticksOf(lo: number, hi: number): number[] {
  const [min, max] = [Math.min(0, lo), Math.max(0, hi, 1)];
  const raw = (max - min) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const ticks: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step / 2; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  if (ticks[ticks.length - 1]! < max) ticks.push(ticks[ticks.length - 1]! + step);
  return ticks;
}

const tickText = (v: number) => (Math.abs(v) >= 1e6 ? `${v / 1e6}M` : Math.abs(v) >= 1e4 ? `${v / 1e3}K` : String(v));

/**
 * One chart of the period, a point per day for each series: as bars or as lines, drawn as plain SVG
 * (a chart library took ~0.3 s of the screen's CPU to draw 30 days), with a legend and each day's
 * figures on hover.
 */
export function DaysChart({ title, kind, days, series }: { title: string; kind: 'bar' | 'line'; days: Summary['days']; series: Series[] }) {
  const [hover, setHover] = useState<number | null>(null);
  const values = days.map((d) => series.map((s) => Number(d[s.key])));
  const ticks = ticksOf(Math.min(0, ...values.flat()), Math.max(0, ...values.flat()));
  const [lo, hi] = [ticks[0]!, ticks[ticks.length - 1]!];
  const y = (v: number) => PAD.top + plotH - ((v - lo) / (hi - lo || 1)) * plotH;
  const slot = plotW / Math.max(days.length, 1);
  const x = (i: number) => PAD.left + slot * (i + 0.5);
  const labelEvery = Math.max(1, Math.ceil(days.length / 12));
  const barW = Math.min(24, (slot * 0.7) / series.length);
  return (
    <>
      <Typography.Title level={5}>{title}</Typography.Title>
      <div style={{ position: 'relative' }} onMouseLeave={() => setHover(null)}>
        <svg
          className="days-chart"
          viewBox={`0 0 ${W} ${H}`}
          width="100%"
          role="img"
          aria-label={title}
          onMouseMove={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            const at = Math.floor((((e.clientX - box.left) / box.width) * W - PAD.left) / slot);
            setHover(at >= 0 && at < days.length ? at : null);
          }}
        >
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke={t === 0 ? '#bfbfbf' : '#f0f0f0'} />
              <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" fontSize={12} fill="#8c8c8c">
                {tickText(t)}
              </text>
            </g>
          ))}
          {days.map((d, i) =>
            i % labelEvery === 0 ? (
              <text key={d.day} x={x(i)} y={H - 8} textAnchor="middle" fontSize={12} fill="#8c8c8c">
                {d.day.slice(5)}
              </text>
            ) : null,
          )}
          {hover !== null && <rect x={x(hover) - slot / 2} y={PAD.top} width={slot} height={plotH} fill="rgba(0,0,0,0.04)" />}
          {kind === 'bar'
            ? series.map((s, k) =>
                values.map((row, i) => {
                  const v = row[k]!;
                  return (
                    <rect
                      key={`${s.key}-${i}`}
                      x={x(i) - (barW * series.length) / 2 + barW * k}
                      y={Math.min(y(v), y(0))}
                      width={barW}
                      height={Math.abs(y(0) - y(v))}
                      fill={s.color}
                    />
                  );
                }),
              )
            : series.map((s, k) => (
                <g key={s.key} data-series={s.key}>
                  <polyline fill="none" stroke={s.color} strokeWidth={2} points={values.map((row, i) => `${x(i)},${y(row[k]!)}`).join(' ')} />
                  {/* A point per day: a line through one day alone would draw nothing. */}
                  {values.map((row, i) => (
                    <circle key={i} cx={x(i)} cy={y(row[k]!)} r={3} fill={s.color} />
                  ))}
                </g>
              ))}
        </svg>
        {hover !== null && days[hover] && (
          <div
            data-testid="days-chart-tip"
            style={{
              position: 'absolute',
              top: 8,
              left: `${(x(hover) / W) * 100}%`,
              transform: hover > days.length / 2 ? 'translateX(calc(-100% - 12px))' : 'translateX(12px)',
              background: '#fff',
              border: '1px solid #d9d9d9',
              borderRadius: 4,
              padding: '6px 10px',
              pointerEvents: 'none',
              whiteSpace: 'nowrap',
              fontSize: 12,
            }}
          >
            <div style={{ fontWeight: 600 }}>{days[hover].day}</div>
            {series.map((s) => (
              <div key={s.key} style={{ color: s.color }}>
                {s.name}: {days[hover]![s.key]}
              </div>
            ))}
          </div>
        )}
      </div>
      <div style={{ display: 'flex', gap: 16, justifyContent: 'center', flexWrap: 'wrap', marginBottom: 16 }}>
        {series.map((s) => (
          <span key={s.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <span style={{ width: 12, height: 12, background: s.color, display: 'inline-block', borderRadius: 2 }} />
            {s.name}
          </span>
        ))}
      </div>
    </>
  );
}
