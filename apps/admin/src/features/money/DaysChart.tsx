import { Typography } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Figures, Summary } from './api';

const numeric = (days: Summary['days']) =>
  days.map((d) => ({
    ...d,
    deposits: Number(d.deposits),
    withdrawals: Number(d.withdrawals),
    stakes: Number(d.stakes),
    payouts: Number(d.payouts),
    house: Number(d.house),
  }));

interface Series {
  key: keyof Figures;
  name: string;
  color: string;
}

/**
 * One chart of the period, a point per day for each series: as bars or as lines. Not animated: the
 * growing bars re-rendered the chart each frame for a second and a half while the screen was opening.
 */
export function DaysChart({ title, kind, days, series }: { title: string; kind: 'bar' | 'line'; days: Summary['days']; series: Series[] }) {
  const Chart = kind === 'bar' ? BarChart : LineChart;
  return (
    <>
      <Typography.Title level={5}>{title}</Typography.Title>
      <div style={{ width: '100%', height: 280 }}>
        <ResponsiveContainer>
          <Chart data={numeric(days)}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis />
            <Tooltip />
            <Legend />
            {series.map((s) =>
              kind === 'bar' ? (
                <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
              ) : (
                <Line key={s.key} dataKey={s.key} name={s.name} stroke={s.color} isAnimationActive={false} />
              ),
            )}
          </Chart>
        </ResponsiveContainer>
      </div>
    </>
  );
}
