import { useEffect, useRef } from 'react';
import type { CandlePoint } from '../model/candles';
import { issueLabel } from '../model/candles';

/**
 * A candlestick chart drawn with lightweight-charts, loaded on demand (it is not part of the
 * initial bundle). The time axis is the draw sequence, labelled with each round's issue.
 */
export function CandleChart({ points, height = 320 }: { points: CandlePoint[]; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ remove(): void; setData(p: CandlePoint[]): void } | null>(null);
  const pointsRef = useRef(points);

  useEffect(() => {
    pointsRef.current = points;
    chartRef.current?.setData(points);
  }, [points]);

  useEffect(() => {
    let disposed = false;
    let cleanup: (() => void) | undefined;
    void import('lightweight-charts').then(({ createChart, CandlestickSeries, ColorType }) => {
      if (disposed || !box.current) return;
      const el = box.current;
      const label = (time: unknown, short: boolean) => issueLabel(pointsRef.current, Number(time), short);
      const chart = createChart(el, {
        width: el.clientWidth,
        height,
        layout: { background: { type: ColorType.Solid, color: '#ffffff' }, textColor: '#55555f', fontSize: 11, attributionLogo: false },
        grid: { vertLines: { color: '#f2f0f3' }, horzLines: { color: '#f2f0f3' } },
        rightPriceScale: { borderColor: '#eee' },
        timeScale: { borderColor: '#eee', tickMarkFormatter: (time: unknown) => label(time, true) },
        localization: { timeFormatter: (time: unknown) => label(time, false), priceFormatter: (p: number) => String(Math.round(p)) },
        handleScale: { axisPressedMouseMove: false },
      });
      const series = chart.addSeries(CandlestickSeries, {
        upColor: '#c8102e',
        downColor: '#12a150',
        borderUpColor: '#c8102e',
        borderDownColor: '#12a150',
        wickUpColor: '#c8102e',
        wickDownColor: '#12a150',
        priceFormat: { type: 'price', precision: 0, minMove: 1 },
      });
      const setData = (p: CandlePoint[]) => {
        series.setData(p.map((c) => ({ time: c.time as never, open: c.open, high: c.high, low: c.low, close: c.close })));
      };
      setData(pointsRef.current);
      chart.timeScale().fitContent();
      const resize = new ResizeObserver(() => chart.applyOptions({ width: el.clientWidth }));
      resize.observe(el);
      chartRef.current = { remove: () => chart.remove(), setData };
      cleanup = () => {
        resize.disconnect();
        chart.remove();
        chartRef.current = null;
      };
    });
    return () => {
      disposed = true;
      cleanup?.();
    };
  }, [height]);

  return <div ref={box} className="candle-chart" style={{ height }} data-testid="candle-chart" />;
}
