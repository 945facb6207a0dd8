import { Link } from '@tanstack/react-router'
import { MessageSquare, ThumbsUp, Trophy } from 'lucide-react'
import { buttonClasses } from '../../../components/ui/button-classes'

const perks = [
  { Icon: ThumbsUp, text: 'Vote on the commands that saved your day' },
  { Icon: MessageSquare, text: 'Ask and answer questions in the comments' },
  { Icon: Trophy, text: 'Earn points and badges, climb the leaderboard' },
]

/** Invitation to sign up; the home page shows it to guests only. */
export function JoinCard() {
  return (
    <section
      aria-labelledby="join-heading"
      className="flex flex-col gap-6 rounded-2xl border border-accent/40 bg-accent-soft p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div className="flex flex-col gap-3">
        <h2 id="join-heading" className="text-xl font-semibold tracking-tight text-fg sm:text-2xl">
          Join the Community
        </h2>
        <ul className="flex flex-col gap-2">
          {perks.map(({ Icon, text }) => (
            <li key={text} className="flex items-center gap-2.5 text-sm text-muted">
              <Icon aria-hidden="true" className="size-4 shrink-0 text-accent-text" />
              {text}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex shrink-0 flex-col gap-2 sm:items-end">
        <Link to="/register" className={buttonClasses('primary', 'lg')}>
          Sign Up Free
        </Link>
        <p className="text-xs text-muted">
          Already a member?{' '}
          <Link to="/login" className="font-medium text-accent-text underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      </div>
    </section>
  )
}
