export function Logo({ size = 36, className }: { size?: number; className?: string }) {
  return <img className={className} src="/logo.svg" width={size} height={size} alt="Lucky28" draggable={false} />;
}
