import { Link } from '@tanstack/react-router'
import { ContentPage } from './content-page'

/** /contact: how to reach the people behind Bashboard. */
export function ContactPage() {
  return (
    <ContentPage
      title="Contact"
      prompt="$ mail -s 'Hello' support@bashboard.dev"
      lead="Questions, account trouble, reports about content: here is who to write to."
    >
      <h2>Support and account help</h2>
      <p>
        Write to <a href="mailto:support@bashboard.dev">support@bashboard.dev</a> from the email address on
        your account and include your username. We answer within two working days.
      </p>
      <h2>Reporting content</h2>
      <p>
        Send the link to the post or comment and what is wrong with it to{' '}
        <a href="mailto:moderators@bashboard.dev">moderators@bashboard.dev</a>. A moderator reviews every
        report against the <Link to="/guidelines">guidelines</Link>.
      </p>
      <h2>Privacy requests</h2>
      <p>
        For a copy or the deletion of your data, write to{' '}
        <a href="mailto:privacy@bashboard.dev">privacy@bashboard.dev</a>.
      </p>
      <h2>Ideas and bugs</h2>
      <p>
        See <Link to="/feedback">Feedback</Link>. For answers to common questions, start with the{' '}
        <Link to="/help">Help Center</Link>.
      </p>
    </ContentPage>
  )
}
