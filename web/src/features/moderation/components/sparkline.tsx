export interface BarSparklineProps {
  /** Values oldest first; the last bar is the current (partial) minute. */
  values: number[]
  /** Read out instead of the drawing, e.g. "Votes per minute over the last 30 minutes". */
  label: string
  className?: string
}

const WIDTH = 120
const HEIGHT = 32

/**
 * A tiny bar chart drawn as inline SVG (no chart library). The current minute is drawn in the accent
 * colour, earlier minutes dimmer; an all-zero series draws a flat baseline.
 */
export function BarSparkline({ values, label, className }: BarSparklineProps) {
  const peak = Math.max(1, ...values)
  const total = values.reduce((sum, value) => sum + value, 0)
  const barWidth = values.length > 0 ? WIDTH / values.length : WIDTH
  return (
    <svg
      role="img"
      aria-label={`${label}: ${total} in total, at most ${Math.max(0, ...values)} in one minute`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      className={className}
    >
      <line
        x1="0"
        x2={WIDTH}
        y1={HEIGHT - 0.5}
        y2={HEIGHT - 0.5}
        stroke="var(--bb-line-strong)"
        strokeWidth="1"
      />
      {values.map((value, index) => {
        const height = value === 0 ? 0 : Math.max(2, (value / peak) * (HEIGHT - 2))
        const last = index === values.length - 1
        return (
          <rect
            // Minutes keep their position; the index is the minute.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            x={index * barWidth + barWidth * 0.15}
            y={HEIGHT - height}
            width={barWidth * 0.7}
            height={height}
            rx="0.8"
            fill="var(--bb-accent)"
            opacity={last ? 1 : 0.55}
          />
        )
      })}
    </svg>
  )
}
