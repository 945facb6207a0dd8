// The server runs through tsx from the repository root, whose tsconfig sets no JSX mode: say it here.
// @jsxRuntime automatic
// @jsxImportSource react
import { countOf } from '../../../contract/plurals.ts'
import { greeting, type MailContent, type MailContext } from './content.ts'
import { Action, Command, InlineLink, MailLayout, Note, Paragraph } from './layout.tsx'

/** The replies and mentions of the last day, for members who chose a daily digest. */
export function dailyDigestMail(
  data: { items: { text: string; link: string | null }[] },
  ctx: MailContext,
): MailContent {
  const count = data.items.length
  return {
    subject: `${countOf(count, 'notification')} for you on Bashboard: replies and mentions`,
    unsubscribe: 'activity_digest',
    element: (
      <MailLayout
        preview={data.items[0]?.text ?? 'What happened on Bashboard today'}
        heading="Your day on Bashboard"
        origin={ctx.origin}
        reason="You get this mail because you chose a daily digest of replies and mentions."
        unsubscribeUrl={ctx.unsubscribeUrl('activity_digest')}
        settingsUrl={ctx.link('/settings', { tab: 'email' })}
      >
        <Paragraph>{greeting(ctx)}</Paragraph>
        {data.items.map((item) => (
          <Paragraph key={`${item.link}-${item.text}`}>
            • <InlineLink href={ctx.link(item.link ?? '/notifications')}>{item.text}</InlineLink>
          </Paragraph>
        ))}
        <Action href={ctx.link('/notifications')} label="See all notifications" />
      </MailLayout>
    ),
  }
}

/** A post as the weekly digest lists it. */
export interface DigestPost {
  title: string
  slug: string
  command: string
  upvotes: number
  author: string
}

/** The week's most upvoted new commands, for members who opted in. */
export function weeklyDigestMail(data: { posts: DigestPost[] }, ctx: MailContext): MailContent {
  return {
    subject: `This week's best commands on Bashboard: ${data.posts[0]?.title ?? ''}`.trim(),
    unsubscribe: 'weekly_digest',
    element: (
      <MailLayout
        preview={data.posts.map((post) => post.title).join(' · ')}
        heading="The week's best commands"
        origin={ctx.origin}
        reason="You get this mail because you asked for the weekly digest."
        unsubscribeUrl={ctx.unsubscribeUrl('weekly_digest')}
        settingsUrl={ctx.link('/settings', { tab: 'email' })}
      >
        <Paragraph>{greeting(ctx)}</Paragraph>
        <Paragraph>The most upvoted commands shared this week:</Paragraph>
        {data.posts.map((post) => (
          <div key={post.slug}>
            <Paragraph>
              <InlineLink href={ctx.link(`/post/${encodeURIComponent(post.slug)}`)}>{post.title}</InlineLink>
            </Paragraph>
            <Command>{post.command}</Command>
            <Note>
              ▲ {post.upvotes} · by {post.author}
            </Note>
          </div>
        ))}
        <Action href={ctx.link('/browse', { sort: 'upvotes' })} label="Browse more commands" />
      </MailLayout>
    ),
  }
}
