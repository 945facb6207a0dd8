import { code, em, h2, p, pre, strong, ul } from './html.ts'

export interface SeedBlog {
  slug: string
  title: string
  /** Username of the author (a moderator). */
  author: string
  metadescription: string
  /** Published this many days before the seed runs. */
  daysAgo: number
  viewCount: number
  /** Article HTML: h2, p, ul, li, pre, code, strong, em. */
  content: string
  /** A draft waiting in the moderation console (not public). */
  draft?: boolean
}

const findRecipes: SeedBlog = {
  slug: 'ten-find-recipes-you-will-actually-use',
  title: 'Ten find(1) recipes you will actually use',
  author: 'demo_moderator',
  metadescription:
    'Ten practical find commands for everyday work: by name, size, age and type, with -exec, -delete and -print0 done safely.',
  daysAgo: 55,
  viewCount: 412,
  content: [
    p(
      `${code('find')} has a reputation for cryptic syntax, but nearly everything you do with it follows one shape: ${strong('where to look, what to match, what to do')}. Learn that shape and these ten recipes cover most days.`,
    ),
    h2('How find reads its arguments'),
    p(
      `After the starting directories, ${code('find')} reads a list of ${em('tests')} (${code('-name')}, ${code('-type')}, ${code('-size')}) and ${em('actions')} (${code('-print')}, ${code('-exec')}, ${code('-delete')}), joined by an implicit ${em('and')}. They are evaluated left to right for every file, and evaluation stops at the first false test. That is why order matters, and why an action placed too early runs on files you did not mean to touch.`,
    ),
    h2('1. By name, ignoring case'),
    pre(`find . -iname '*.jpg'`),
    p(
      `Always quote the pattern. Unquoted, the shell expands ${code('*.jpg')} against the current directory before ${code('find')} ever sees it.`,
    ),
    h2('2. Only files, or only directories'),
    pre(`find /etc -type f -name '*.conf'
find . -type d -name node_modules -prune`),
    p(
      `${code('-prune')} stops ${code('find')} from descending into what matched, which makes the second line fast even in a large JavaScript monorepo.`,
    ),
    h2('3. By size'),
    pre('find /var -xdev -type f -size +500M'),
    p(
      `${code('+')} means more than, ${code('-')} less than. ${code('-xdev')} keeps the search on one filesystem, so it skips network mounts and ${code('/proc')}.`,
    ),
    h2('4. By age'),
    pre(`find ~/Downloads -type f -mtime +90
find . -type f -mmin -15`),
    p(
      `${code('-mtime')} counts whole days, ${code('-mmin')} minutes. The first line finds downloads untouched for three months, the second whatever changed in the last quarter of an hour.`,
    ),
    h2('5. Empty files and directories'),
    pre('find . -empty'),
    h2('6. Run a command on every match'),
    pre(`find . -name '*.sh' -exec shellcheck {} +`),
    p(
      `With ${code('+')}, ${code('find')} passes as many names as fit to each command, like ${code('xargs')}. With ${code('\\;')} it runs the command once per file, which is much slower but sometimes necessary.`,
    ),
    h2('7. Delete safely'),
    pre(`find /tmp/build -name '*.o' -print
find /tmp/build -name '*.o' -delete`),
    p(
      `Run the ${code('-print')} version first, read the list, then swap in ${code('-delete')}, and keep it as the last argument.`,
    ),
    h2('8. Hand names to xargs without breaking on spaces'),
    pre(`find . -name '*.log' -print0 | xargs -0 gzip`),
    p(
      `${code('-print0')} and ${code('xargs -0')} separate names with NUL bytes, the one character a file name cannot contain.`,
    ),
    h2('9. Files newer than another file'),
    pre('find src -newer dist/app.js -type f'),
    p("A poor man's build check: which sources changed since the last build?"),
    h2('10. Permissions that should not be there'),
    pre(`find / -xdev -type f -perm -o+w 2>/dev/null
find / -xdev -perm -4000 -type f 2>/dev/null`),
    p(
      'The first finds world-writable files, the second setuid binaries. Both are worth a look on any server you are responsible for.',
    ),
    h2('Where to go next'),
    ul(
      `${code('man find')} has a long but well organised EXAMPLES section.`,
      `${code('fd')} is a friendlier alternative for interactive use; ${code('find')} is the one that is installed everywhere.`,
    ),
  ].join(''),
}

const permissions: SeedBlog = {
  slug: 'understanding-linux-file-permissions',
  title: 'Understanding Linux file permissions',
  author: 'kernel_kate',
  metadescription:
    'Read, write and execute for owner, group and others: what rwx means on files and directories, octal modes, umask and the special bits.',
  daysAgo: 47,
  viewCount: 538,
  content: [
    p(
      `Every ${em('Permission denied')} you will ever see comes from a handful of rules. Once they click, most permission problems take a minute to fix instead of an afternoon.`,
    ),
    h2('Three classes, three bits'),
    p(
      `Each file has an owner and a group. The kernel puts every process into exactly one class for a given file: ${strong('owner')} if the process runs as the file's user, otherwise ${strong('group')} if it is in the file's group, otherwise ${strong('others')}. Only that class's bits are checked; the classes are not combined.`,
    ),
    pre(`$ ls -l deploy.sh
-rwxr-x--- 1 alice devops 1204 Mar  3 10:12 deploy.sh`),
    p(
      `Here alice may read, write and run the script, members of ${code('devops')} may read and run it, and everyone else may do nothing.`,
    ),
    h2('What rwx means on a directory'),
    p('This is where most confusion comes from. A directory is a list of names, so:'),
    ul(
      `${code('r')} lets you list the names in it.`,
      `${code('w')} lets you create, delete and rename entries, ${em('even for files you do not own')} (unless the sticky bit is set).`,
      `${code('x')} lets you enter it and reach the files inside by name.`,
    ),
    p(
      `To open ${code('/srv/app/config.yml')} you need ${code('x')} on ${code('/')}, ${code('/srv')} and ${code('/srv/app')}, and ${code('r')} on the file itself. ${code('namei -l /srv/app/config.yml')} prints every step so you can spot the missing bit.`,
    ),
    h2('Octal modes'),
    p(
      `Each class is one octal digit: read is 4, write 2, execute 1. So ${code('755')} is rwx for the owner and r-x for everyone else, and ${code('640')} is rw- for the owner, r-- for the group and nothing for others.`,
    ),
    pre(`chmod 640 secrets.env
chmod u+x,go-w script.sh
chmod -R u=rwX,go=rX public/`),
    p(
      `The symbolic form changes only what you name. The capital ${code('X')} adds execute only to directories and to files that are already executable for someone, which is exactly what you want for a tree of web files.`,
    ),
    h2('umask: the default for new files'),
    p(
      `New files start from 666 and directories from 777, minus the bits in your ${code('umask')}. With the common umask ${code('022')} you get 644 files and 755 directories; with ${code('027')} others get nothing at all.`,
    ),
    h2('The special bits'),
    ul(
      `${strong('setuid')} (4000) on a program runs it as its owner. ${code('passwd')} uses it to write ${code('/etc/shadow')}.`,
      `${strong('setgid')} (2000) on a directory makes new files inherit the directory's group, which is ideal for shared project folders.`,
      `${strong('sticky')} (1000) on a directory lets only a file's owner delete it. ${code('/tmp')} is ${code('1777')} for that reason.`,
    ),
    h2('Ownership'),
    pre(`sudo chown -R www-data:www-data /var/www/site
sudo chgrp devops deploy.sh`),
    p(
      `Only root can give a file away to another user. A regular user can change a file's group, but only to a group they belong to.`,
    ),
    h2('A checklist for "Permission denied"'),
    ul(
      `Which user is the process really running as? (${code('ps -o user= -p PID')})`,
      `Does that user have ${code('x')} on every directory in the path?`,
      'Do the bits of the right class allow the operation?',
      `Is something else involved: a read-only mount, ACLs (${code('getfacl')}), SELinux or AppArmor?`,
    ),
  ].join(''),
}

const tmux: SeedBlog = {
  slug: 'tmux-for-people-in-a-hurry',
  title: 'tmux for people in a hurry',
  author: 'demo_moderator',
  metadescription:
    'The fifteen tmux keys and commands that matter: sessions that survive disconnects, windows, panes, copy mode and a tiny config.',
  daysAgo: 38,
  viewCount: 367,
  content: [
    p(
      `tmux keeps your terminal sessions alive on a server after you disconnect, and splits one terminal into many. You can learn the useful part in ten minutes. Everything below uses the default prefix, ${strong('Ctrl-b')}: press it, let go, then press the next key.`,
    ),
    h2('Sessions that survive a dropped connection'),
    pre(`tmux new -s deploy      # start a named session
# ... work, then press Ctrl-b d to detach ...
tmux ls                  # list sessions
tmux attach -t deploy    # come back`),
    p(
      'If your SSH connection drops in the middle of a long migration, the session keeps running. Log back in, attach, and you are exactly where you were.',
    ),
    h2('Windows: tabs inside the session'),
    ul(
      `${code('Ctrl-b c')} creates a window.`,
      `${code('Ctrl-b n')} and ${code('Ctrl-b p')} go to the next and previous window; ${code('Ctrl-b 0')} to ${code('9')} jump directly.`,
      `${code('Ctrl-b ,')} renames the current window, which makes the status bar readable.`,
    ),
    h2('Panes: splits inside a window'),
    ul(
      `${code('Ctrl-b %')} splits left and right, ${code('Ctrl-b "')} splits top and bottom.`,
      `${code('Ctrl-b')} followed by an arrow key moves between panes.`,
      `${code('Ctrl-b z')} zooms the current pane to full size and back.`,
      `${code('Ctrl-b x')} closes a pane (or just type ${code('exit')}).`,
    ),
    p('A typical layout: editor on the left, a shell for tests on the top right, logs on the bottom right.'),
    h2('Scrolling and copying'),
    p(
      `Your terminal's scrollbar does not see tmux's history. Press ${code('Ctrl-b [')} to enter copy mode, scroll with the arrow keys or Page Up, and press ${code('q')} to leave. In copy mode, ${code('/')} searches forward, just like in ${code('less')}.`,
    ),
    h2('A five-line config'),
    pre(`# ~/.tmux.conf
set -g mouse on
set -g history-limit 50000
set -g base-index 1
bind r source-file ~/.tmux.conf \\; display "reloaded"`),
    p(
      `Mouse support lets you click panes and scroll with the wheel. The bigger history is worth the memory. ${code('base-index 1')} numbers windows from 1, matching the keyboard. After editing, press ${code('Ctrl-b r')} to reload.`,
    ),
    h2('Sharing a session'),
    p(
      `Two people logged in as the same user can run ${code('tmux attach -t deploy')} at the same time and see the same screen. It is a surprisingly good way to pair on a production incident.`,
    ),
    h2('When you forget a key'),
    p(`${code('Ctrl-b ?')} lists every binding. That one key is all you really need to remember.`),
  ].join(''),
}

const failLoudly: SeedBlog = {
  slug: 'writing-bash-scripts-that-fail-loudly',
  title: 'Writing bash scripts that fail loudly',
  author: 'kernel_kate',
  metadescription:
    'Strict mode, traps, quoting and ShellCheck: how to make bash scripts stop at the first error instead of carrying on and doing damage.',
  daysAgo: 29,
  viewCount: 455,
  content: [
    p(
      `Bash's default is to keep going. A failed ${code('cd')} is followed by an ${code('rm -rf')} in the wrong directory; an empty variable turns a path into ${code('/')}. The fixes are short and worth putting in every script.`,
    ),
    h2('Start every script the same way'),
    pre(`#!/usr/bin/env bash
set -euo pipefail
IFS=$'\\n\\t'`),
    ul(
      `${code('-e')}: stop at the first command that fails.`,
      `${code('-u')}: an unset variable is an error, not an empty string.`,
      `${code('-o pipefail')}: a pipeline fails when any stage fails. Without it, ${code('curl … | tar x')} "succeeds" even when the download failed.`,
      `${code('IFS')} without the space character stops unquoted variables from splitting on spaces.`,
    ),
    h2('Know where -e does not apply'),
    p(
      `Errors are ignored inside ${code('if')} conditions, in ${code('while')} conditions, and on the left of ${code('&&')} and ${code('||')}. That is by design, since those places are checking for failure, but it surprises people:`,
    ),
    pre(`check() { false; echo "still running"; }
if check; then echo ok; fi   # prints "still running" and "ok"`),
    p('Keep functions that must stop on error out of conditions, or have them return an explicit status.'),
    h2('Say where it failed'),
    pre(`trap 'echo "error: line $LINENO: $BASH_COMMAND" >&2' ERR`),
    p(
      `With this trap, a failure prints the line and the command that failed instead of leaving you to guess.`,
    ),
    h2('Clean up on every exit'),
    pre(`workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT`),
    p(
      `An ${code('EXIT')} trap runs when the script finishes normally and when ${code('set -e')} stops it, so temporary files never pile up.`,
    ),
    h2('Quote everything'),
    p(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion, meant literally
      `${code('"$var"')}, ${code('"$@"')} and ${code('"$(command)"')}. An unquoted variable is split on whitespace and expanded as a glob, which is how a file called ${code('my report.pdf')} turns into two arguments. Use ${code('${var:?message}')} when a variable must be set and non-empty:`,
    ),
    pre(`rm -rf -- "\${BUILD_DIR:?BUILD_DIR is not set}/output"`),
    h2('Check inputs early'),
    pre(`[[ $# -eq 1 ]] || { echo "usage: $0 <environment>" >&2; exit 2; }
command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }`),
    p('Failing in the first line with a clear message beats failing halfway through a deployment.'),
    h2('Let a linter read it'),
    p(
      `ShellCheck (${code('shellcheck script.sh')}) catches unquoted variables, useless uses of ${code('cat')}, ${code('cd')} without error handling and dozens of subtler bugs. Run it in CI and fix what it reports; its wiki explains every warning.`,
    ),
    h2('Know when to stop'),
    p(
      'If a script grows past a couple of hundred lines, needs data structures or parses JSON by hand, it is time for Python or another real language. Bash is superb glue and a poor application platform.',
    ),
  ].join(''),
}

const awkBasics: SeedBlog = {
  slug: 'awk-in-twenty-minutes',
  title: 'awk in twenty minutes',
  author: 'demo_moderator',
  metadescription:
    'Patterns, actions, fields and associative arrays: enough awk to sum columns, filter logs and build quick reports without leaving the shell.',
  daysAgo: 20,
  viewCount: 301,
  content: [
    p(
      `awk is a small language for text that comes in lines and columns, which describes most of what a Unix system produces. You do not need all of it. This article covers the part that pays for itself within a week.`,
    ),
    h2('The shape of a program'),
    p(
      `An awk program is a list of ${strong('pattern { action }')} pairs. For each input line, awk runs the action of every pattern that matches. Leave out the pattern and the action runs for every line; leave out the action and the line is printed.`,
    ),
    pre(`awk '/ERROR/' app.log              # print lines containing ERROR
awk '{ print $2 }' data.txt        # print the second column
awk 'NR > 1 && $3 > 100' data.txt  # skip the header, keep rows where column 3 > 100`),
    h2('Fields and records'),
    ul(
      `${code('$1')}, ${code('$2')}, … are the fields of the current line; ${code('$0')} is the whole line.`,
      `${code('NF')} is the number of fields, so ${code('$NF')} is the last one.`,
      `${code('NR')} is the line number across all input.`,
      `${code('-F')} sets the separator: ${code("awk -F: '{ print $1 }' /etc/passwd")} lists user names.`,
    ),
    h2('BEGIN and END'),
    p(
      `${code('BEGIN')} runs before the first line and ${code('END')} after the last, which is where totals go:`,
    ),
    pre(`awk '{ sum += $5 } END { print sum / 1024 / 1024 " MiB" }' <(ls -l)
awk -F, 'NR > 1 { n++; total += $4 } END { printf "%d rows, average %.2f\\n", n, total / n }' sales.csv`),
    p('Variables need no declaration: they start as zero or the empty string.'),
    h2('Associative arrays: counting and grouping'),
    p('This is where awk beats a pipeline of sort and uniq:'),
    pre(`# requests per status code in an nginx access log
awk '{ count[$9]++ } END { for (code in count) print code, count[code] }' access.log

# bytes served per client address
awk '{ bytes[$1] += $10 } END { for (ip in bytes) print bytes[ip], ip }' access.log | sort -rn | head`),
    p(
      `The ${code('for (key in array)')} loop visits keys in no particular order, so pipe the result to ${code('sort')} when order matters.`,
    ),
    h2('Printing nicely'),
    p(
      `${code('print')} joins its arguments with the output separator (a space by default). ${code('printf')} works like C's and gives you aligned columns:`,
    ),
    pre(`awk -F: '$3 >= 1000 { printf "%-16s %6d  %s\\n", $1, $3, $7 }' /etc/passwd`),
    h2('A few one-liners worth keeping'),
    ul(
      `${code("awk '!seen[$0]++'")} removes duplicate lines and keeps the original order.`,
      `${code("awk 'length > 120'")} finds long lines.`,
      `${code('awk \'{ $1 = ""; print substr($0, 2) }\'')} drops the first column.`,
      `${code("awk 'NR % 2 == 0'")} prints every second line.`,
    ),
    h2('When to reach for something else'),
    p(
      'awk is at its best on one file, one pass, a few columns. When you need to join several files, parse CSV with quoted commas, or keep the script for years, a real language or a tool such as Miller will serve you better.',
    ),
  ].join(''),
}

const loadAverage: SeedBlog = {
  slug: 'what-load-average-really-means',
  title: 'What load average really means',
  author: 'kernel_kate',
  metadescription:
    'Why a load of 4 can be fine or terrible, what Linux counts in it, and how to tell CPU pressure from slow disks with vmstat, pressure stall information and top.',
  daysAgo: 11,
  viewCount: 189,
  content: [
    p(
      `${code('uptime')} prints three numbers, and they are probably the most misread numbers on a Linux server.`,
    ),
    pre(`$ uptime
 14:02:11 up 41 days,  3:17,  2 users,  load average: 3.91, 2.40, 1.12`),
    h2('What is being counted'),
    p(
      `The three values are exponentially damped averages over 1, 5 and 15 minutes of the number of tasks that are ${strong('running or waiting to run')}, plus, on Linux only, tasks in ${strong('uninterruptible sleep')}, usually waiting for disk or network storage.`,
    ),
    p(
      'That second part matters. On Linux a high load does not necessarily mean busy CPUs: a hung NFS mount can push the load to 50 on an idle machine.',
    ),
    h2('Compare it with the number of CPUs'),
    p(
      `A load of 4 means something different on a 2-core laptop and on a 32-core server. Check ${code('nproc')}: a load consistently above the number of cores means work is queueing. Below it, the machine has spare capacity.`,
    ),
    h2('Read the trend'),
    p(
      'The three numbers are there to show a direction. In the example above, 3.91 now against 1.12 fifteen minutes ago means load is rising: something started recently. The opposite order means an incident is winding down.',
    ),
    h2('CPU or I/O?'),
    p(`${code('vmstat 2')} answers this quickly:`),
    pre(`procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
 r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
 6  0      0 812344  90112 5120332    0    0     4    20 2101 3500 88 10  2  0  0
 1  7      0 809120  90112 5121004    0    0  9100   120 1500 2100  5  3 40 52  0`),
    ul(
      `${code('r')} is runnable tasks: a value above your core count means CPU pressure (first line).`,
      `${code('b')} is tasks blocked on I/O and ${code('wa')} is time spent waiting for it (second line).`,
    ),
    h2('Pressure stall information'),
    p(`Kernels since 4.20 expose a more direct measure in ${code('/proc/pressure/')}:`),
    pre(`$ cat /proc/pressure/cpu
some avg10=12.50 avg60=8.31 avg300=3.02 total=91824512`),
    p(
      `${code('some avg10=12.50')} means that for 12.5% of the last ten seconds at least one task was waiting for a CPU. The ${code('io')} and ${code('memory')} files work the same way, and unlike the load average they say which resource is short.`,
    ),
    h2('Finding the culprit'),
    ul(
      `${code('top')} or ${code('htop')}, sorted by CPU, for CPU pressure.`,
      `${code('iostat -xz 2')} to see which disk is saturated, and ${code('iotop')} to see which process is responsible.`,
      `${code('ps -eo state,pid,cmd | grep "^D"')} lists tasks stuck in uninterruptible sleep.`,
    ),
    p(
      'Load average is a smoke detector, not a diagnosis. It tells you to look; the tools above tell you where.',
    ),
  ].join(''),
}

const rsyncFear: SeedBlog = {
  slug: 'rsync-without-fear',
  title: 'rsync without fear: trailing slashes, --delete and dry runs',
  author: 'demo_moderator',
  metadescription:
    'The rsync rules that prevent accidents: what the trailing slash does, how --delete and --dry-run work together, and a safe backup and deploy recipe.',
  daysAgo: 3,
  viewCount: 94,
  content: [
    p(
      `rsync is the best tool there is for copying directory trees, locally or over SSH. It is also the tool behind a good share of "I deleted the production web root" stories. Three rules keep you out of them.`,
    ),
    h2('Rule 1: the trailing slash on the source'),
    pre(`rsync -a photos  /mnt/backup/    # creates /mnt/backup/photos/...
rsync -a photos/ /mnt/backup/    # copies the contents: /mnt/backup/...`),
    p(
      `A trailing slash on the ${strong('source')} means "the contents of this directory". Without it, the directory itself is copied into the destination. A slash on the destination makes no difference. When in doubt, write both paths with a slash and name the destination directory explicitly:`,
    ),
    pre('rsync -a photos/ /mnt/backup/photos/'),
    h2('Rule 2: --delete only after --dry-run'),
    p(
      `${code('--delete')} removes files from the destination that are missing from the source, which is what turns a copy into a mirror. Combine it with Rule 1 going wrong and rsync happily deletes everything that is not in the wrong directory. So always look first:`,
    ),
    pre(`rsync -a --delete --dry-run --itemize-changes site/ web1:/var/www/site/
rsync -a --delete site/ web1:/var/www/site/`),
    p(
      `${code('--itemize-changes')} prints one line per file with a code that says what would happen; lines starting with ${code('*deleting')} are the ones to read carefully.`,
    ),
    h2('Rule 3: know what -a does and does not do'),
    p(
      `${code('-a')} means recursive, and preserve symlinks, permissions, modification times, group, owner (when run as root) and device files. It does ${em('not')} include hard links (${code('-H')}), ACLs (${code('-A')}) or extended attributes (${code('-X')}). For a faithful system backup you want ${code('-aHAX')}.`,
    ),
    h2('Over SSH'),
    pre(`rsync -az --info=progress2 ./dist/ deploy@web1.example.com:/var/www/app/`),
    p(
      `Any path with ${code('host:')} in front goes over SSH, using your normal SSH config and keys. ${code('-z')} compresses in transit, which helps on slow links and hurts on fast ones.`,
    ),
    h2('Resuming and big files'),
    ul(
      `${code('--partial')} keeps partly transferred files so the next run resumes them.`,
      `${code('--append-verify')} resumes large files by appending, then checks them.`,
      `${code('--bwlimit=20M')} keeps a backup from saturating the link during office hours.`,
    ),
    h2('A safe backup recipe'),
    pre(`rsync -aHAX --delete --link-dest=/backups/latest \\
  /home/ /backups/$(date +%F)/ && ln -sfn /backups/$(date +%F) /backups/latest`),
    p(
      `${code('--link-dest')} hard-links files that did not change since the previous backup, so every dated directory looks like a full copy while only changed files take space. It is the idea behind several well-known backup tools, in one line.`,
    ),
  ].join(''),
}

const pipesAndRedirection: SeedBlog = {
  slug: 'pipes-and-redirection-how-the-shell-wires-commands-together',
  title: 'Pipes and redirection: how the shell wires commands together',
  author: 'demo_moderator',
  metadescription:
    'What |, >, >>, 2>&1 and < really do, why the order of redirections matters, and how to keep errors out of your pipelines.',
  daysAgo: 1,
  viewCount: 41,
  content: [
    p(
      `Almost every useful one-liner on Bashboard is a few small programs joined together. The joins are the shell's job, not the programs': before anything runs, the shell opens files and connects ${strong('file descriptors')}, then starts each command with its plumbing already in place. Once you see it that way, the syntax stops being magic.`,
    ),
    h2('Three streams per process'),
    p(
      `Every process starts with three open descriptors: ${code('0')} is standard input, ${code('1')} standard output and ${code('2')} standard error. A program that prints results writes to 1; a program that complains writes to 2. Both usually point at your terminal, which is why errors and output look mixed together even though they travel separately.`,
    ),
    h2('Redirecting to and from files'),
    pre(`sort names.txt > sorted.txt      # stdout replaces the file
date >> build.log                # stdout is appended
wc -l < access.log               # stdin comes from a file
make 2> errors.txt               # only stderr goes to the file`),
    p(
      `${code('>')} truncates the target before the command even starts. That is why ${code('sort file > file')} leaves you with an empty file: the shell emptied it before ${code('sort')} read a single line. Write to a temporary file and move it, or use ${code('sponge')} from moreutils.`,
    ),
    h2('Pipes connect stdout to stdin'),
    pre(`ps aux | grep nginx | awk '{print $2}'`),
    p(
      `A pipe runs every stage at the same time, each in its own process, with the kernel buffering between them. Only standard output flows down the pipe; error messages still go straight to the terminal. That is usually what you want: errors stay visible instead of being parsed as data by the next stage.`,
    ),
    h2('Order matters: 2>&1'),
    p(
      `${code('2>&1')} means ${em('make descriptor 2 point wherever descriptor 1 points right now')}. Redirections are applied left to right, so these two lines do different things:`,
    ),
    pre(`command > all.log 2>&1    # both streams end up in all.log
command 2>&1 > all.log    # errors go to the terminal, output to the file`),
    p(
      `In the second line, stderr was copied from stdout while stdout was still the terminal; moving stdout afterwards does not drag stderr along. Bash also accepts ${code('&> all.log')} as a short form of the first line.`,
    ),
    h2('Sending errors down a pipe on purpose'),
    pre(`make 2>&1 | tee build.log | grep -i error`),
    p(
      `Here both streams enter the pipe, ${code('tee')} keeps a full copy on disk, and ${code('grep')} shows only the interesting lines. In bash, ${code('|&')} is shorthand for ${code('2>&1 |')}.`,
    ),
    h2('Throwing output away'),
    pre(`grep -r TODO . 2>/dev/null
cron-job > /dev/null 2>&1`),
    p(
      `${code('/dev/null')} accepts and discards everything. Silencing errors is handy for noise such as permission-denied messages from ${code('find')} or ${code('grep -r')}, but be careful with scheduled jobs: a cron job that throws away its stderr fails silently.`,
    ),
    h2('Pipelines and exit codes'),
    p(
      `A pipeline's exit status is that of its ${em('last')} command, so ${code('false | true')} succeeds. In scripts, ${code('set -o pipefail')} makes the pipeline fail when any stage fails, and the ${code('PIPESTATUS')} array holds each stage's status when you need the details.`,
    ),
    ul(
      `${code('>')} and ${code('>>')} redirect standard output; ${code('2>')} redirects errors.`,
      `${code('|')} carries only standard output unless you add ${code('2>&1')} first.`,
      `Redirections apply left to right: put ${code('2>&1')} after the file.`,
      `Never redirect into the file you are reading.`,
    ),
  ].join(''),
}

const sshConfig: SeedBlog = {
  slug: 'ssh-config-tricks-that-save-you-typing',
  title: 'SSH config tricks that save you typing',
  author: 'kernel_kate',
  metadescription:
    'Host aliases, jump hosts, connection sharing and per-host keys: a short tour of ~/.ssh/config for people who log in to many machines.',
  daysAgo: 0,
  viewCount: 0,
  draft: true,
  content: [
    p(
      `If you type ${code('ssh -i ~/.ssh/work_ed25519 -p 2222 deploy@build-07.internal.example.com')} more than once a week, ${code('~/.ssh/config')} will give you back a surprising amount of time. Every option you pass on the command line can live there instead, grouped by host.`,
    ),
    h2('Host aliases'),
    pre(`Host build
    HostName build-07.internal.example.com
    User deploy
    Port 2222
    IdentityFile ~/.ssh/work_ed25519
    IdentitiesOnly yes`),
    p(
      `Now ${code('ssh build')} is enough, and so are ${code('scp file build:/tmp/')} and ${code('rsync -a dir/ build:dir/')}, because they all read the same file. ${code('IdentitiesOnly yes')} stops the client from offering every key in your agent, which some servers answer with ${em('too many authentication failures')}.`,
    ),
    h2('Patterns and defaults'),
    pre(`Host *.internal.example.com
    User deploy

Host *
    ServerAliveInterval 30
    AddKeysToAgent yes`),
    p(
      `The first value found for an option wins, so put specific hosts first and the catch-all ${code('Host *')} block last. ${code('ServerAliveInterval')} keeps idle sessions from being dropped by firewalls that forget quiet connections.`,
    ),
    h2('Jump hosts'),
    pre(`Host db
    HostName 10.0.3.12
    ProxyJump bastion`),
    p(
      `${code('ProxyJump')} tunnels through the bastion transparently; your key never needs to be copied onto it. On the command line the same thing is ${code('ssh -J bastion 10.0.3.12')}.`,
    ),
    h2('Connection sharing'),
    pre(`Host *
    ControlMaster auto
    ControlPath ~/.ssh/cm-%r@%h:%p
    ControlPersist 10m`),
    p(
      `The first connection to a host becomes a master; later ones reuse it without a new handshake, which makes repeated ${code('scp')} or ${code('git')} over SSH feel instant. ${code('ssh -O exit build')} closes a master when you are done.`,
    ),
    h2('One key per purpose'),
    p(
      `Separate keys for work, personal machines and automation limit the damage when one leaks, and let you revoke one without touching the others. Generate them with ${code('ssh-keygen -t ed25519 -C work-laptop')}, name them after what they are for, and point each ${code('Host')} block at the right ${code('IdentityFile')}. A passphrase plus ${code('ssh-agent')} means you type it once per session, not once per connection.`,
    ),
    h2('Checking what applies'),
    p(
      `${code('ssh -G build')} prints the options that would be used for a host after every block has been applied. It is the quickest way to debug a config that does not do what you expect.`,
    ),
  ].join(''),
}

/** The demo blog posts, oldest first. */
export const BLOGS: readonly SeedBlog[] = [
  findRecipes,
  permissions,
  tmux,
  failLoudly,
  awkBasics,
  loadAverage,
  rsyncFear,
  pipesAndRedirection,
  sshConfig,
]
