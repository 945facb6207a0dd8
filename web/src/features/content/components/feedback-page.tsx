import { Link } from '@tanstack/react-router'
import { ContentPage } from './content-page'

/** /feedback: where ideas, bug reports and complaints go. */
export function FeedbackPage() {
  return (
    <ContentPage
      title="Feedback"
      prompt="$ echo 'idea' >> ~/bashboard/feedback"
      lead="Bashboard grows from what its members ask for. Tell us what works, what is missing and what is broken."
    >
      <h2>Report a bug</h2>
      <p>Write down what you did, what you expected and what happened instead. These details help most:</p>
      <ul>
        <li>the page address (for example /post/find-large-files),</li>
        <li>your browser and operating system,</li>
        <li>the exact error message, if one appeared.</li>
      </ul>
      <h2>Suggest a feature</h2>
      <p>
        Describe the problem you want solved rather than the button you imagine; there is often a simpler way.
        Popular requests are announced on the <Link to="/blog">blog</Link> when they ship.
      </p>
      <h2>Report content</h2>
      <p>
        Posts or comments that break the <Link to="/guidelines">guidelines</Link> go to the moderators through
        the <Link to="/contact">contact page</Link>.
      </p>
      <h2>Send it</h2>
      <p>
        Email <a href="mailto:feedback@bashboard.dev">feedback@bashboard.dev</a>. Every message is read; we
        reply when we need more details.
      </p>
    </ContentPage>
  )
}
