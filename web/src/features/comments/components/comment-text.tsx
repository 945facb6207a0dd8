import { type CommentInline, parseCommentMarkdown } from '@bashboard/server/contract/comment-markdown'
import { useMemo } from 'react'
import { CommentCodeBlock } from './comment-code-block'
import { MentionText } from './mention-text'

/**
 * A comment's text as its small Markdown (contract/comment-markdown.ts): paragraphs with their line
 * breaks, `code` spans and fenced blocks with a copy button, and `@mentions` linked outside code. Built
 * from React elements and text nodes only, so markup in a comment, code or not, shows as typed.
 */
export function CommentText({ text }: { text: string }) {
  const blocks = useMemo(() => parseCommentMarkdown(text), [text])
  return (
    <div className="mt-1.5 flex min-w-0 flex-col gap-2 text-sm leading-6 text-fg/90">
      {blocks.map((block, index) =>
        // A comment's blocks never reorder, so their position is a stable key.
        block.kind === 'code' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <CommentCodeBlock key={index} code={block.code} language={block.language} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={index} className="break-words whitespace-pre-wrap">
            <Inline parts={block.parts} />
          </p>
        ),
      )}
    </div>
  )
}

function Inline({ parts }: { parts: CommentInline[] }) {
  return parts.map((part, index) =>
    part.kind === 'code' ? (
      <code
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one paragraph never reorder
        key={index}
        className="rounded bg-surface-2 px-1 py-0.5 font-mono text-[0.85em] [overflow-wrap:anywhere]"
      >
        {part.code}
      </code>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one paragraph never reorder
      <MentionText key={index} text={part.text} />
    ),
  )
}
