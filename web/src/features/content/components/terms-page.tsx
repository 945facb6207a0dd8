import { Link } from '@tanstack/react-router'
import { ContentPage } from './content-page'

/** /terms: the rules of using Bashboard. */
export function TermsPage() {
  return (
    <ContentPage
      title="Terms of Service"
      prompt="$ cat /etc/bashboard/terms"
      lead="By using Bashboard you agree to these terms. They are short on purpose; please read them."
      updated="November 2026"
    >
      <h2>Your account</h2>
      <p>
        You are responsible for what happens under your account. Keep your password to yourself and use one
        account per person.
      </p>
      <h2>Your content</h2>
      <p>
        You keep the rights to what you post. By posting you allow Bashboard to show it on the site, in its
        feeds and through its API, and you allow other members to use the commands you share. Only post what
        you have the right to share.
      </p>
      <h2>Commands come without warranty</h2>
      <p>
        Commands are shared by members and may be wrong for your system. Read and understand a command before
        you run it, test it somewhere safe first, and keep backups. Bashboard is not liable for damage caused
        by running commands found here.
      </p>
      <h2>Acceptable use</h2>
      <p>
        Follow the <Link to="/guidelines">community guidelines</Link>. Do not attack the site, scrape it in
        ways that degrade it for others (use the <Link to="/api">API</Link> instead) or use it to distribute
        malware.
      </p>
      <h2>Moderation and termination</h2>
      <p>
        Moderators may remove content that breaks these terms and may suspend accounts that do so repeatedly.
        Every such action is recorded in the moderation audit log.
      </p>
      <h2>Changes</h2>
      <p>
        When these terms change, the date above changes and significant changes are announced on the{' '}
        <Link to="/blog">blog</Link>.
      </p>
    </ContentPage>
  )
}
