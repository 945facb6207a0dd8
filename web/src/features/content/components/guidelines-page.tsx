import { ContentPage } from './content-page'

/** /guidelines: what belongs on Bashboard and how to treat each other. */
export function GuidelinesPage() {
  return (
    <ContentPage
      title="Community Guidelines"
      prompt="$ cat /etc/bashboard/guidelines"
      lead="A few rules keep Bashboard useful and friendly. Moderators apply them; repeated or serious breaches end in removed posts or accounts."
    >
      <h2>Post commands that work</h2>
      <ul>
        <li>Test the command before you share it, and say which systems or versions you tried it on.</li>
        <li>
          Give it a clear title and explain what each part does, so readers learn instead of copy-pasting.
        </li>
        <li>
          Search first. Duplicate titles and commands are refused; improve the existing post with a comment.
        </li>
      </ul>
      <h2>Be careful with dangerous commands</h2>
      <p>
        Commands that delete data, change permissions recursively or pipe downloads into a shell must say so
        plainly in the description. Never disguise a destructive command as a harmless one: that is removed on
        sight and gets the account banned.
      </p>
      <h2>Vote on the command, not the person</h2>
      <p>
        Upvote what helped you, downvote what is wrong or unsafe, and leave a comment that says why. Vote
        rings and sock-puppet accounts are removed along with the points they produced.
      </p>
      <h2>Keep comments kind and on topic</h2>
      <ul>
        <li>No harassment, hate speech or personal attacks.</li>
        <li>No spam, advertising or affiliate links in posts and comments.</li>
        <li>No personal data of others, credentials, tokens or private keys, even as examples.</li>
      </ul>
      <h2>Reporting</h2>
      <p>
        If something breaks these rules, tell a moderator through the <a href="/contact">contact page</a> with
        a link to the post or comment.
      </p>
    </ContentPage>
  )
}
