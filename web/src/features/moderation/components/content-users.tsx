import type { ModUser, Role } from '@bashboard/server/contract'
import { nounFor } from '@bashboard/server/contract/plurals'
import { useQuery } from '@tanstack/react-query'
import { UserCog } from 'lucide-react'
import { useId, useState } from 'react'
import { Avatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { fieldClasses } from '../../../components/ui/input'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { formatCount } from '../../../lib/format-count'
import { useCurrentUser } from '../../../lib/use-current-user'
import { modUsersQueryOptions, useChangeRole } from '../api'
import { ContentSearchForm } from './content-search-form'
import { Pager } from './pager'
import { ReasonDialog } from './reason-dialog'

const ROLES: { value: Role; label: string }[] = [
  { value: 'member', label: 'Member' },
  { value: 'contributor', label: 'Contributor' },
  { value: 'moderator', label: 'Moderator' },
]

const roleLabel = (role: Role): string => ROLES.find((option) => option.value === role)?.label ?? role

/** One user with a role picker; the change itself is confirmed with a reason. */
function UserRow({ user, self, onChange }: { user: ModUser; self: boolean; onChange: (role: Role) => void }) {
  const [role, setRole] = useState<Role>(user.role)
  const selectId = useId()
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={user.username} src={user.avatar} />
        <div className="min-w-0">
          <p className="truncate font-medium text-fg">
            {user.username}
            {self ? <span className="ml-2 text-xs font-normal text-muted">(you)</span> : null}
          </p>
          <p className="truncate text-xs text-muted">
            {user.email} · {formatCount(user.points)} {nounFor(user.points, 'pt')} · {roleLabel(user.role)}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 items-end gap-2">
        <div className="w-40 shrink-0">
          <label htmlFor={selectId} className="sr-only">
            Role of {user.username}
          </label>
          <select
            id={selectId}
            value={role}
            disabled={self}
            onChange={(event) => setRole(event.target.value as Role)}
            className={cn(fieldClasses, 'h-9 appearance-auto border-line')}
          >
            {ROLES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="h-9"
          disabled={self || role === user.role}
          onClick={() => onChange(role)}
          aria-label={`Change role of ${user.username}`}
        >
          <UserCog aria-hidden="true" className="size-4" />
          Change
        </Button>
      </div>
    </li>
  )
}

/** Find users and change their role, with a reason recorded in the audit log. */
export function ContentUsers() {
  const toast = useToast()
  const { user: me } = useCurrentUser()
  const [search, setSearch] = useState({ q: '', page: 1 })
  const [pending, setPending] = useState<{ user: ModUser; role: Role } | null>(null)
  const users = useQuery(modUsersQueryOptions(search.q, search.page))
  const change = useChangeRole()

  function confirm(reason: string): void {
    if (!pending) return
    const { user, role } = pending
    change.mutate(
      { id: user._id, body: { role, reason } },
      {
        onSuccess: () => {
          setPending(null)
          toast({
            title: 'Role changed',
            message: `${user.username} is now a ${roleLabel(role).toLowerCase()}.`,
            variant: 'success',
          })
        },
        onError: (error) =>
          toast({
            title: 'Role change failed',
            message: error instanceof ApiError ? error.message : 'Failed to change the role',
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <ContentSearchForm
        textLabel="Username or email"
        withAuthor={false}
        onSearch={(values) => setSearch({ q: values.q, page: 1 })}
      />
      {users.isPending ? (
        <Loading label="Searching users..." />
      ) : users.isError && !users.data ? (
        <LoadFailed
          message="Failed to search users."
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : users.data.users.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-10 text-center text-sm text-muted">
          No users match this search.
        </p>
      ) : (
        <ul
          aria-label="Users found"
          className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
        >
          {users.data.users.map((user) => (
            <UserRow
              // A saved change remounts the row so its picker shows the stored role.
              key={`${user._id}:${user.role}`}
              user={user}
              self={user._id === me?._id}
              onChange={(role) => setPending({ user, role })}
            />
          ))}
        </ul>
      )}
      {users.data ? (
        <Pager
          label="Users"
          page={users.data.pagination.page}
          totalPages={users.data.pagination.totalPages}
          onChange={(page) => setSearch((current) => ({ ...current, page }))}
        />
      ) : null}
      {pending ? (
        <ReasonDialog
          title={`Make ${pending.user.username} a ${roleLabel(pending.role).toLowerCase()}?`}
          description={
            pending.role === 'member' || (pending.user.role === 'moderator' && pending.role !== 'moderator')
              ? 'Lowering a role signs them out everywhere; they keep their posts and points.'
              : 'They get the new permissions at once, without signing in again.'
          }
          confirmLabel="Change role"
          pending={change.isPending}
          onConfirm={confirm}
          onClose={() => setPending(null)}
        />
      ) : null}
    </div>
  )
}
