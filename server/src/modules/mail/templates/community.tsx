// The server runs through tsx from the repository root, whose tsconfig sets no JSX mode: say it here.
// @jsxRuntime automatic
// @jsxImportSource react
import { greeting, type MailContent, type MailContext } from './content.ts'
import { Action, MailLayout, Note, Paragraph } from './layout.tsx'

/** The moderators' decision on a contributor application, with their message. */
export function applicationDecidedMail(
  data: { status: 'accepted' | 'rejected'; message: string },
  ctx: MailContext,
): MailContent {
  const accepted = data.status === 'accepted'
  return {
    subject: accepted
      ? 'Your Bashboard contributor application was accepted'
      : 'About your Bashboard contributor application',
    unsubscribe: 'applications',
    element: (
      <MailLayout
        preview={accepted ? 'You can now share commands.' : 'The moderators left you a message.'}
        heading={accepted ? 'Welcome, contributor' : 'Your application was not accepted'}
        origin={ctx.origin}
        reason="You get this mail because you applied to become a contributor."
        unsubscribeUrl={ctx.unsubscribeUrl('applications')}
        settingsUrl={ctx.link('/settings', { tab: 'email' })}
      >
        <Paragraph>{greeting(ctx)}</Paragraph>
        <Paragraph>
          {accepted
            ? 'The moderators accepted your application: you can now share your own commands.'
            : 'The moderators read your application and did not accept it this time.'}
        </Paragraph>
        {data.message ? <Note>The moderators wrote: “{data.message}”</Note> : null}
        <Action
          href={ctx.link(accepted ? '/create-post' : '/application')}
          label={accepted ? 'Share a command' : 'See your application'}
        />
      </MailLayout>
    ),
  }
}

/** One reply to the member's comment, or one @mention of them, as it happened. */
export function notificationMail(
  data: { kind: 'reply' | 'mention'; text: string; link: string | null },
  ctx: MailContext,
): MailContent {
  const topic = data.kind === 'reply' ? 'replies' : 'mentions'
  return {
    subject: data.text,
    unsubscribe: topic,
    element: (
      <MailLayout
        preview={data.text}
        heading={data.kind === 'reply' ? 'A reply to your comment' : 'You were mentioned'}
        origin={ctx.origin}
        reason={
          data.kind === 'reply'
            ? 'You get this mail because someone replied to your comment and you asked for mail about replies.'
            : 'You get this mail because someone mentioned you and you asked for mail about mentions.'
        }
        unsubscribeUrl={ctx.unsubscribeUrl(topic)}
        settingsUrl={ctx.link('/settings', { tab: 'email' })}
      >
        <Paragraph>{greeting(ctx)}</Paragraph>
        <Paragraph>{data.text}.</Paragraph>
        <Action href={ctx.link(data.link ?? '/notifications')} label="Read it" />
      </MailLayout>
    ),
  }
}
