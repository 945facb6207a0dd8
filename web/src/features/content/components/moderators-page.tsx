import { Link } from '@tanstack/react-router'
import { ContentPage } from './content-page'

/** /moderators: who moderates Bashboard and what they can do. */
export function ModeratorsPage() {
  return (
    <ContentPage
      title="Moderators"
      prompt="$ getent group moderators"
      lead="Moderators are long-standing members who keep Bashboard accurate, safe and welcoming."
    >
      <h2>What moderators do</h2>
      <ul>
        <li>Review contributor applications and accept or reject them with a message.</li>
        <li>
          Remove posts and comments that break the <Link to="/guidelines">guidelines</Link>.
        </li>
        <li>
          Write and publish articles on the <Link to="/blog">blog</Link>.
        </li>
        <li>Manage the site's advertisement slots, including the house ads for the community.</li>
      </ul>
      <h2>Accountable by design</h2>
      <p>
        Every moderator action, from a deleted comment to a changed role, is written to an audit log together
        with who did it, when, and why. Moderators cannot change votes or points by hand: points come only
        from posts and votes.
      </p>
      <h2>Becoming a moderator</h2>
      <p>
        Moderators are chosen from active contributors with a record of helpful posts and fair comments. If
        you would like to help, <Link to="/contact">get in touch</Link>.
      </p>
    </ContentPage>
  )
}
