import { APPLICATION_LIMITS } from '@bashboard/server/contract/limits'
import { Link } from '@tanstack/react-router'
import { ContentPage } from './content-page'

/** The application's limits as the form enforces them, in the words of this page. */
const DOCUMENT_MAX_MB = APPLICATION_LIMITS.documentMaxBytes / (1024 * 1024)
const COVER_LETTER_MIN = APPLICATION_LIMITS.coverLetterMinLength

/** /contribute: how members become contributors and what makes a good post. */
export function ContributePage() {
  return (
    <ContentPage
      title="Contribute"
      prompt="$ sudo usermod -aG contributors you"
      lead="Contributors write the commands everyone else learns from. Any member can apply; a moderator reviews each application."
    >
      <h2>How to become a contributor</h2>
      <ol>
        <li>
          <Link to="/register">Create an account</Link> and sign in.
        </li>
        <li>
          Open <Link to="/application">Become Contributor</Link> and upload a document that shows your Linux
          experience (a certificate, a CV or a project write-up) as JPEG, PNG or PDF, up to {DOCUMENT_MAX_MB}{' '}
          MB.
        </li>
        <li>
          Write a cover letter of at least {COVER_LETTER_MIN} characters: what you work on and what you would
          share.
        </li>
        <li>
          A moderator reviews it. You are notified as soon as it is accepted or rejected; after a rejection
          you can resubmit.
        </li>
      </ol>
      <p>Your document stays private: only you and the moderators can open it.</p>
      <h2>Writing a good post</h2>
      <ul>
        <li>A title that says what the command achieves, such as “Find the 10 largest directories”.</li>
        <li>The command itself, exactly as you would type it.</li>
        <li>A description of every option and pipe stage, plus the pitfalls.</li>
        <li>The right category, so people browsing find it.</li>
      </ul>
      <p>
        Each new command earns you 10 points, and every upvote 2 more. Read the{' '}
        <Link to="/guidelines">guidelines</Link> before your first post.
      </p>
    </ContentPage>
  )
}
