import { splitMentions } from '@bashboard/server/contract/mentions'
import { Link } from '@tanstack/react-router'
import { Fragment } from 'react'

/**
 * Comment text with each `@username` as a link to that member's profile (`/u/<username>`). Built from
 * React text nodes and anchors only, so whatever the text holds is shown as typed, never as markup;
 * the name in the link is limited to letters, digits, `_` and `-` by the mention rule.
 */
export function MentionText({ text }: { text: string }) {
  return (
    <>
      {splitMentions(text).map((part, index) =>
        part.kind === 'mention' ? (
          <Link
            // The parts of one text never reorder, so their position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            to="/u/$username"
            params={{ username: part.username }}
            className="rounded-sm font-medium text-accent-text hover:underline focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
          >
            {part.text}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  )
}
