import type { DiffPart } from '../diff'

/**
 * A diff as text: removals struck through in <del>, additions underlined in <ins>, each also named for
 * screen readers, so nothing is told by colour alone.
 */
export function DiffText({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, index) => {
        // The parts never reorder: their position is their identity.
        const key = `${index}-${part.kind}`
        if (part.kind === 'added')
          return (
            <ins
              key={key}
              className="rounded-sm bg-accent-soft text-fg underline decoration-2 underline-offset-2"
            >
              <span className="sr-only">[added: </span>
              {part.value}
              <span className="sr-only">]</span>
            </ins>
          )
        if (part.kind === 'removed')
          return (
            <del key={key} className="rounded-sm bg-danger-soft text-fg line-through decoration-2">
              <span className="sr-only">[removed: </span>
              {part.value}
              <span className="sr-only">]</span>
            </del>
          )
        return <span key={key}>{part.value}</span>
      })}
    </>
  )
}
