type BrandMarkProps = {
  /** The mark's height in pixels, the name's in proportion; `"css"` leaves both to the stylesheet. */
  size?: number | "css";
  inverted?: boolean;
};

/** The product's mark and name. */
export function BrandMark({ size = 28, inverted = false }: BrandMarkProps) {
  const pixels = size === "css" ? undefined : size;
  return (
    <span className={inverted ? "brand brand--inverted" : "brand"}>
      <svg width={pixels} height={pixels} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill={inverted ? "#ffffff" : "#1d3d5c"} />
        <path
          d="M11 8h6.5a6 6 0 0 1 0 12H15v4h-4zm4 4v4h2.3a2 2 0 0 0 0-4z"
          fill={inverted ? "#1d3d5c" : "#ffffff"}
        />
      </svg>
      <span className="brand__name" style={pixels ? { fontSize: Math.round(pixels * 0.68) } : undefined}>
        Precedent
      </span>
    </span>
  );
}
