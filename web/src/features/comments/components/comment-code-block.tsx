import { CodeBlock } from '../../../components/ui/code-block'

export interface CommentCodeBlockProps {
  code: string
  /** The fence's language label (```bash), shown above the block; null when none was given. */
  language: string | null
}

/**
 * A fenced block in a comment: the site's code block (copy button, sideways scroll with faded edges and
 * keyboard scrolling on a narrow screen), without the prompt glyph, since a fence may hold output or
 * a file rather than one command.
 */
export function CommentCodeBlock({ code, language }: CommentCodeBlockProps) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {language ? <span className="font-mono text-xs text-muted">{language}</span> : null}
      <CodeBlock command={code} prompt={null} label="Code" className="py-2" />
    </div>
  )
}
