/** Kiln's mark: a K fired in clay orange. */
export function KilnMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Kiln">
      <rect width="32" height="32" rx="8" fill="#c2410c" />
      <path d="M9 24V8h3v6.5L18 8h3.8l-6.3 7 6.7 9h-3.8l-5-6.9-1.4 1.5V24z" fill="#fff" />
    </svg>
  );
}
