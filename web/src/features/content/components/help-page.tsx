import { Link } from '@tanstack/react-router'
import { ContentPage } from './content-page'

/** /help: answers to the questions newcomers ask first. */
export function HelpPage() {
  return (
    <ContentPage
      title="Help Center"
      prompt="$ man bashboard"
      lead="Bashboard is a community board for Linux commands: find one that solves your problem, vote on what works, and share what you know."
    >
      <h2>Finding commands</h2>
      <p>
        <Link to="/browse">Browse</Link> lists every command. Sort by Latest, Trending, Most Upvoted or Most
        Views, filter by category, or search: the search looks at titles, the command itself, tags and
        descriptions, and still finds partial commands and small typos.
      </p>
      <h2>Your account</h2>
      <ul>
        <li>
          <Link to="/register">Register</Link> with a username, an email and a password. Signing in keeps you
          signed in for one hour; after that you sign in again.
        </li>
        <li>Change your username, email, avatar and password in Settings.</li>
        <li>
          Forgot your password? <Link to="/forgot-password">Get a reset link by mail</Link>: it works once,
          for an hour, and signs you out everywhere.
        </li>
      </ul>
      <h2>Voting, comments and points</h2>
      <p>
        Signed-in members upvote commands that worked for them and downvote ones that did not; you cannot vote
        on your own posts. Authors earn <strong>+10</strong> points for a new command, <strong>+2</strong> for
        each upvote and <strong>−1</strong> for each downvote. Points climb the{' '}
        <Link to="/leaderboard">Leaderboard</Link> and unlock badges from Newbie to Legend.
      </p>
      <h2>Posting commands</h2>
      <p>
        Contributors post commands. Any member can apply to become one: see{' '}
        <Link to="/contribute">Contribute</Link>.
      </p>
      <h2>Live updates</h2>
      <p>
        Votes, comments, new commands and the leaderboard update while you watch. The dot in the header shows
        whether the live connection is up; without it every page still shows the latest data when you load it.
      </p>
      <h2>Still stuck?</h2>
      <p>
        <Link to="/contact">Contact us</Link> or leave <Link to="/feedback">feedback</Link>.
      </p>
    </ContentPage>
  )
}
