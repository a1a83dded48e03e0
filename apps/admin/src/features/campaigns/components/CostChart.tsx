import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CampaignStats } from '../api/campaigns';

/** A campaign's amount paid per operator-day (recharts: loaded only with the figures, as the dashboard's charts). */
export function CostChart({ days, name }: { days: CampaignStats['days']; name: string }) {
  return (
    <div style={{ width: '100%', height: 240 }}>
      <ResponsiveContainer>
        <BarChart data={days.map((d) => ({ day: d.day, paid: Number(d.paid) }))}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" />
          <YAxis />
          <Tooltip />
          <Bar dataKey="paid" name={name} fill="#1677ff" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
