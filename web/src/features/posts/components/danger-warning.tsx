import type { CommandSafety } from '@bashboard/server/contract'
import { TriangleAlert } from 'lucide-react'
import { cn } from '../../../lib/cn'

/** The red-amber notice under a command the server flagged as destructive; nothing for a safe command. */
export function DangerWarning({ safety, className }: { safety: CommandSafety; className?: string }) {
  if (!safety.dangerous) return null
  return (
    <div
      role="note"
      aria-label="Dangerous command"
      className={cn(
        'flex gap-2.5 rounded-lg border border-warning/50 bg-gradient-to-r from-danger-soft to-warning/10 px-3 py-2.5',
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-danger">Dangerous command: read it before you run it</p>
        {safety.warnings.length > 0 ? (
          <ul className="mt-1 flex flex-col gap-0.5 text-muted">
            {safety.warnings.map((warning) => (
              <li key={warning.id}>{warning.message}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  )
}
