import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DaysChart } from './DaysChart';

const day = (d: string, deposits: string, withdrawals: string, house: string) => ({
  day: d,
  deposits,
  withdrawals,
  gifts: '0.00',
  stakes: '0.00',
  payouts: '0.00',
  house,
  adjustment_credits: '0.00',
  adjustment_debits: '0.00',
  players: 0,
});
const days = [day('2026-05-01', '300.00', '100.00', '50.00'), day('2026-05-02', '0.00', '200.00', '-80.00'), day('2026-05-03', '150.00', '0.00', '10.00')];

describe('the dashboard chart', () => {
  it('draws a bar per day and series at its height, names the series, and shows a day’s figures on hover', () => {
    const { container } = render(
      <DaysChart
        title="Flows"
        kind="bar"
        days={days}
        series={[
          { key: 'deposits', name: 'Deposits', color: '#389e0d' },
          { key: 'withdrawals', name: 'Withdrawals', color: '#cf1322' },
        ]}
      />,
    );
    const svg = container.querySelector('svg.days-chart')!;
    const bars = [...svg.querySelectorAll('rect')];
    expect(bars).toHaveLength(6);
    // Heights in proportion to the figures (300 : 0 : 150 for the deposits), from the zero line.
    const heights = bars.filter((b) => b.getAttribute('fill') === '#389e0d').map((b) => Number(b.getAttribute('height')));
    expect(heights[1]).toBe(0);
    expect(heights[0]! / heights[2]!).toBeCloseTo(2);
    expect(screen.getByText('Deposits')).toBeTruthy();
    expect(screen.getByText('05-01')).toBeTruthy();

    svg.getBoundingClientRect = () => ({ left: 0, width: 1000, top: 0, height: 280, right: 1000, bottom: 280, x: 0, y: 0, toJSON: () => ({}) });
    // The second of three days: x from 72 to 1000 − 16, a third each.
    fireEvent.mouseMove(svg, { clientX: 72 + 928 * 0.5 });
    expect(screen.getByTestId('days-chart-tip').textContent).toBe('2026-05-02Deposits: 0.00Withdrawals: 200.00');
  });

  it('draws lines below zero as well (a losing day for the house)', () => {
    const { container } = render(<DaysChart title="Play" kind="line" days={days} series={[{ key: 'house', name: 'House result', color: '#b3121f' }]} />);
    const points = container
      .querySelector('polyline')!
      .getAttribute('points')!
      .split(' ')
      .map((p) => Number(p.split(',')[1]));
    const zero = [...container.querySelectorAll('line')].find((l) => l.getAttribute('stroke') === '#bfbfbf')!;
    // 50 above the zero line, −80 below it.
    expect(points[0]).toBeLessThan(Number(zero.getAttribute('y1')));
    expect(points[1]).toBeGreaterThan(Number(zero.getAttribute('y1')));
  });

  it('draws a point for a day alone (a line through one point draws nothing)', () => {
    const one = [{ ...day('2026-05-01', '0.00', '0.00', '-50.00'), stakes: '360.00', payouts: '410.00' }];
    const { container } = render(
      <DaysChart
        title="Play"
        kind="line"
        days={one}
        series={[
          { key: 'stakes', name: 'Stakes', color: '#1677ff' },
          { key: 'payouts', name: 'Payouts', color: '#faad14' },
        ]}
      />,
    );
    const zero = Number([...container.querySelectorAll('line')].find((l) => l.getAttribute('stroke') === '#bfbfbf')!.getAttribute('y1'));
    const point = (key: string) => Number(container.querySelector(`[data-series="${key}"] circle`)!.getAttribute('cy'));
    expect(point('stakes')).toBeLessThan(zero);
    expect(point('payouts')).toBeLessThan(point('stakes'));
    expect((zero - point('payouts')) / (zero - point('stakes'))).toBeCloseTo(410 / 360);
  });
});
