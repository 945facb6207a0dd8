import { ContentPage } from './content-page'

/** /privacy: what Bashboard stores about visitors and members, and why. */
export function PrivacyPage() {
  return (
    <ContentPage
      title="Privacy Policy"
      prompt="$ cat /etc/bashboard/privacy"
      lead="We keep as little about you as the site needs to work, we never sell it, and there are no third-party trackers."
      updated="November 2026"
    >
      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> username, email, your password as a one-way hash (never the password
          itself), your role and points.
        </li>
        <li>
          <strong>What you publish:</strong> posts, comments, votes and your avatar. Avatars are re-encoded on
          upload, which strips camera and location metadata.
        </li>
        <li>
          <strong>Contributor applications:</strong> your document and cover letter. They are stored privately
          and only you and the moderators can open them.
        </li>
        <li>
          <strong>Counting views and ad clicks:</strong> a one-way hash of your IP address and browser, or
          your account id when signed in, so one visitor counts once. The hash cannot be turned back into an
          address.
        </li>
      </ul>
      <h2>In your browser</h2>
      <p>
        Signing in stores a session token in your browser's local storage; it expires after one hour and is
        removed when you log out. Your theme choice is stored there too. We use no advertising or analytics
        cookies.
      </p>
      <h2>Who sees what</h2>
      <p>
        Your username, avatar, badge, points, posts and comments are public. Your email address is never shown
        to other members. Moderators see application documents and the audit log of moderator actions.
      </p>
      <h2>Your choices</h2>
      <p>
        You can change your profile at any time in Settings. To have your account and personal data deleted,
        write to <a href="mailto:privacy@bashboard.dev">privacy@bashboard.dev</a> from the address on your
        account.
      </p>
    </ContentPage>
  )
}
