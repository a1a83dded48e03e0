import { Skeleton } from 'antd-mobile';

/** An amount in u ("123.45 u"); a loading placeholder while unknown (never a made-up number). */
export function Amount({ value, className, signed = false }: { value: string | null | undefined; className?: string; signed?: boolean }) {
  if (value === null || value === undefined) {
    return <Skeleton.Title animated className={`amount-skeleton ${className ?? ''}`} />;
  }
  const negative = value.startsWith('-');
  const tone = signed ? (negative ? 'amount-down' : Number(value) > 0 ? 'amount-up' : '') : '';
  return (
    <span className={`amount ${tone} ${className ?? ''}`}>
      {signed && !negative && Number(value) > 0 ? '+' : ''}
      {value}
      <small> u</small>
    </span>
  );
}
