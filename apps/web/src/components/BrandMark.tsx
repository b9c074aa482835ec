type BrandMarkProps = { size?: number; inverted?: boolean };

/** The product's mark and name. */
export function BrandMark({ size = 28, inverted = false }: BrandMarkProps) {
  return (
    <span className={inverted ? "brand brand--inverted" : "brand"}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill={inverted ? "#ffffff" : "#1d3d5c"} />
        <path
          d="M11 8h6.5a6 6 0 0 1 0 12H15v4h-4zm4 4v4h2.3a2 2 0 0 0 0-4z"
          fill={inverted ? "#1d3d5c" : "#ffffff"}
        />
      </svg>
      <span className="brand__name" style={{ fontSize: Math.round(size * 0.68) }}>
        Precedent
      </span>
    </span>
  );
}
