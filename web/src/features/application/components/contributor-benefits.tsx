import { Award, BadgeCheck, Megaphone, SquareTerminal, TrendingUp } from 'lucide-react'
import { Card } from '../../../components/ui/card'

const benefits = [
  {
    icon: SquareTerminal,
    title: 'Share commands',
    text: 'Publish your own command posts with rich descriptions.',
  },
  {
    icon: TrendingUp,
    title: 'Earn points',
    text: '+10 points for every post, +2 for each upvote it receives.',
  },
  { icon: Award, title: 'Climb the leaderboard', text: 'Collect badges from Newbie all the way to Legend.' },
  { icon: BadgeCheck, title: 'Verified Contributor', text: 'A verified marker on your profile and posts.' },
  { icon: Megaphone, title: 'Shape the community', text: 'Help learners and sysadmins find the right tool.' },
]

/** The Contributor Benefits list beside the form (docs/product-rules.md#applications). */
export function ContributorBenefits() {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-fg">Contributor Benefits</h2>
      <ul className="mt-4 flex flex-col gap-4">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-accent-soft text-accent-text">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <div>
              <p className="text-sm font-medium text-fg">{title}</p>
              <p className="text-sm text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  )
}
