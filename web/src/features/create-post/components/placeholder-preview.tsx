import { findPlaceholders } from '@bashboard/server/contract/placeholders'
import { useId } from 'react'

/**
 * Under the command field: how to write placeholders, and the ones found so far. Each name becomes one
 * field readers fill in on the post page before copying the command.
 */
export function PlaceholderPreview({ command, helpId }: { command: string; helpId: string }) {
  const listLabelId = useId()
  const names = findPlaceholders(command)
  return (
    <div className="flex flex-col gap-2 text-xs text-muted">
      <p id={helpId}>
        Mark what readers should fill in as a placeholder, in navi's form{' '}
        <code className="font-mono text-fg">&lt;name&gt;</code> (letters, digits, <code>_</code> and{' '}
        <code>-</code>, starting with a letter or <code>_</code>, nothing between the brackets) or tldr's{' '}
        <code className="font-mono text-fg">{'{{name}}'}</code> (any text without braces). A name used twice
        is one field. Shell redirections such as{' '}
        <code className="font-mono">sort &lt; in.txt &gt; out.txt</code>,{' '}
        <code className="font-mono">2&gt;&amp;1</code> or <code className="font-mono">&lt;&lt;EOF</code> are
        never placeholders.
      </p>
      <div className="flex min-h-7 flex-wrap items-center gap-1.5" aria-live="polite">
        <span id={listLabelId} className="font-medium text-fg">
          Placeholders found:
        </span>
        {names.length === 0 ? (
          <span>none yet</span>
        ) : (
          <ul aria-labelledby={listLabelId} className="flex flex-wrap gap-1.5">
            {names.map((name) => (
              <li
                key={name}
                className="max-w-full truncate rounded-md border border-warning/40 bg-warning/10 px-2 py-0.5 font-mono text-fg"
              >
                {name}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
