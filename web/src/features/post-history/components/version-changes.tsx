import type { PostVersion } from '@bashboard/server/contract'
import type { ReactNode } from 'react'
import { type DiffPart, diffCommand, diffProse, hasChanges } from '../diff'
import { DiffText } from './diff-text'

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="min-w-0 text-sm text-fg">{children}</dd>
    </div>
  )
}

// Not the dark terminal block of the post page: the diff's marks must read the same as in prose.
function CommandText({ children }: { children: ReactNode }) {
  return (
    <pre className="rounded-lg border border-line bg-surface-2 px-3 py-2 font-mono text-sm whitespace-pre-wrap [overflow-wrap:anywhere] text-fg">
      {children}
    </pre>
  )
}

/** A list's change as parts: what both have, what only the older has (removed), what only the newer has. */
function listParts(before: string[], after: string[]): DiffPart[] {
  const parts: DiffPart[] = []
  for (const item of before) parts.push({ value: item, kind: after.includes(item) ? 'same' : 'removed' })
  for (const item of after) if (!before.includes(item)) parts.push({ value: item, kind: 'added' })
  return parts
}

function TagList({ parts }: { parts: DiffPart[] }) {
  if (parts.length === 0) return <span className="text-muted">None</span>
  return (
    <span className="flex flex-wrap gap-x-2 gap-y-1 font-mono">
      {parts.map((part) => (
        <DiffText key={`${part.kind}-${part.value}`} parts={[part]} />
      ))}
    </span>
  )
}

/** The post as first written: every field in full, nothing to compare it with. */
function Original({ version }: { version: PostVersion }) {
  return (
    <>
      <Field label="Title">{version.title}</Field>
      <Field label="Command">
        <CommandText>{version.command}</CommandText>
      </Field>
      <Field label="Description">
        <p className="whitespace-pre-wrap break-words">{version.descriptionText}</p>
      </Field>
    </>
  )
}

/**
 * What a version changed from the one before it, field by field, only the fields that changed; the
 * first version shows in full. Descriptions compare as text: a change of formatting alone says so.
 */
export function VersionChanges({
  version,
  previous,
}: {
  version: PostVersion
  previous: PostVersion | null
}) {
  if (previous === null)
    return (
      <dl className="flex flex-col gap-3">
        <Original version={version} />
      </dl>
    )
  const title = diffProse(previous.title, version.title)
  const command = diffCommand(previous.command, version.command)
  const description = diffProse(previous.descriptionText, version.descriptionText)
  const tags = listParts(previous.tags, version.tags)
  const categoryChanged = previous.category?._id !== version.category?._id
  const anyText = [title, command, description, tags].some(hasChanges) || categoryChanged
  const formattingOnly = !anyText && previous.description !== version.description
  return (
    <dl className="flex flex-col gap-3">
      {hasChanges(title) ? (
        <Field label="Title">
          <span className="break-words">
            <DiffText parts={title} />
          </span>
        </Field>
      ) : null}
      {hasChanges(command) ? (
        <Field label="Command">
          <CommandText>
            <DiffText parts={command} />
          </CommandText>
        </Field>
      ) : null}
      {hasChanges(description) ? (
        <Field label="Description">
          <p className="whitespace-pre-wrap break-words">
            <DiffText parts={description} />
          </p>
        </Field>
      ) : null}
      {formattingOnly ? <Field label="Description">Formatting changed; the text is the same.</Field> : null}
      {hasChanges(tags) ? (
        <Field label="Tags">
          <TagList parts={tags} />
        </Field>
      ) : null}
      {categoryChanged ? (
        <Field label="Category">
          <DiffText
            parts={[
              { value: previous.category?.name ?? 'Uncategorized', kind: 'removed' },
              { value: ' ', kind: 'same' },
              { value: version.category?.name ?? 'Uncategorized', kind: 'added' },
            ]}
          />
        </Field>
      ) : null}
      {!anyText && !formattingOnly ? <Field label="Changes">Nothing shown changed.</Field> : null}
    </dl>
  )
}
