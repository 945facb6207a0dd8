import { PLACEHOLDER_COMMANDS } from './commands-placeholders.ts'
import { SYSADMIN_COMMANDS } from './commands-sysadmin.ts'
import { a, code, em, p, pre, strong, ul } from './html.ts'
import type { SeedCommand } from './seed-command.ts'

export type { SeedCommand } from './seed-command.ts'

const fileManagement: SeedCommand[] = [
  {
    title: 'Find files larger than 100 MB on one filesystem',
    command: 'find / -xdev -type f -size +100M -exec ls -lh {} + 2>/dev/null',
    category: 'file-management',
    author: 'grep_guru',
    tags: ['find', 'ls'],
    daysAgo: 57,
    description: [
      p(
        'The first thing to run when a disk fills up. It lists every regular file over 100 MiB, with sizes you can read.',
      ),
      ul(
        `${code('-xdev')} keeps ${code('find')} on the filesystem you started on, so it skips ${code('/proc')}, network shares and other mounts.`,
        `${code('-size +100M')} means bigger than 100 MiB; use ${code('+1G')} for gigabytes.`,
        `${code('-exec ls -lh {} +')} passes many files to one ${code('ls')} call, like ${code('xargs')} does.`,
        `${code('2>/dev/null')} hides the ${em('Permission denied')} noise; run it with ${code('sudo')} to see everything.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'awk_ward',
        text: 'Append `| sort -k5 -h` and the biggest file ends up last, right above your prompt.',
        after: 3,
      },
      {
        author: 'tty_tom',
        text: 'The -xdev flag is what I was missing. My old version spent ten minutes crawling a mounted NAS.',
        after: 30,
      },
    ],
  },
  {
    title: 'Show the ten biggest directories under the current one',
    command: 'du -h --max-depth=1 . | sort -hr | head -n 10',
    category: 'file-management',
    author: 'awk_ward',
    tags: ['du', 'sort', 'head'],
    daysAgo: 51,
    description: [
      p(
        `${code('du')} adds up the size of each directory; ${code('--max-depth=1')} prints only the direct children (and the total for ${code('.')}, which will be the first line).`,
      ),
      p(
        `${code('sort -h')} understands the ${code('K')}, ${code('M')} and ${code('G')} suffixes that ${code('du -h')} prints, and ${code('-r')} puts the largest first.`,
      ),
      p(
        `Add ${code('-x')} to ${code('du')} to stay on one filesystem. For an interactive version, try ${code('ncdu')}.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'pipe_dream',
        text: 'GNU du also accepts `-d 1` as the short form of `--max-depth=1`.',
        after: 5,
      },
      {
        author: 'kernel_kate',
        text: 'Worth adding `2>/dev/null` when you run it in / as a normal user, otherwise the permission errors drown the output.',
        after: 26,
      },
    ],
  },
  {
    title: 'Delete log files older than 30 days',
    command: "find /var/log/myapp -type f -name '*.log' -mtime +30 -delete",
    category: 'file-management',
    author: 'kernel_kate',
    tags: ['find'],
    daysAgo: 44,
    description: [
      p(
        `${code('-mtime +30')} matches files last modified more than 30 whole days ago (${code('find')} ignores the fractional day, so in practice that is 31 days or more).`,
      ),
      p(
        `${strong('Run it without -delete first')} and read the list. And keep ${code('-delete')} last: ${code('find')} evaluates left to right, so a ${code('-delete')} placed before ${code('-name')} deletes every file it visits.`,
      ),
      p(
        `Quote the pattern (${code("'*.log'")}) so the shell does not expand it before ${code('find')} sees it.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'zsh_zoe',
        text: 'Put this in a daily systemd timer and forget about full disks for good.',
        after: 8,
      },
      {
        author: 'sed_sally',
        text: 'The warning about where -delete goes is real. I learned that one the hard way on a staging box.',
        after: 50,
      },
    ],
  },
  {
    title: 'Copy a directory with progress, resumable',
    command: 'rsync -ah --info=progress2 --partial src/ /mnt/backup/src/',
    category: 'file-management',
    author: 'pipe_dream',
    tags: ['rsync'],
    daysAgo: 38,
    description: [
      p(
        `Like ${code('cp -r')}, but with one overall progress line, and if it is interrupted you simply run it again: files that are already there are skipped.`,
      ),
      ul(
        `${code('-a')} (archive) recurses and keeps permissions, times and symlinks; ${code('-h')} prints sizes for humans.`,
        `${code('--info=progress2')} shows progress for the whole transfer instead of per file.`,
        `${code('--partial')} keeps a half-copied file so the next run continues it.`,
      ),
      p(
        `${strong('Mind the trailing slash:')} ${code('src/')} copies the ${em('contents')} of ${code('src')}; ${code('src')} without the slash creates ${code('src')} inside the destination.`,
      ),
    ].join(''),
    comments: [
      { author: 'grep_guru', text: 'The trailing-slash explanation alone is worth the upvote.', after: 2 },
      { author: 'demo_member', text: 'Does this work between two machines too?', after: 20 },
      {
        author: 'pipe_dream',
        text: 'Yes: put `user@host:` in front of either path and rsync runs over SSH. There is a separate post about deploying that way.',
        after: 22,
      },
    ],
  },
  {
    title: 'Bulk rename .jpeg files to .jpg',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion, meant literally
    command: 'for f in *.jpeg; do mv -n -- "$f" "${f%.jpeg}.jpg"; done',
    category: 'file-management',
    author: 'zsh_zoe',
    tags: ['mv'],
    daysAgo: 29,
    description: [
      p(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion, meant literally
        `Plain bash, so it works on any machine. ${code('${f%.jpeg}')} removes the ${code('.jpeg')} suffix from the name, and ${code('.jpg')} is appended.`,
      ),
      ul(
        `The double quotes keep names with spaces in one piece.`,
        `${code('--')} ends the options, so a file called ${code('-photo.jpeg')} is not read as a flag.`,
        `${code('-n')} never overwrites a file that already exists.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'awk_ward',
        text: "On Debian the perl rename does it in one go: rename 's/\\.jpeg$/.jpg/' *.jpeg",
        after: 4,
      },
      { author: 'tty_tom', text: 'Nice that it is plain bash. Works on every box I ssh into.', after: 31 },
    ],
  },
  {
    title: 'Find duplicate files by content',
    command: 'find . -type f -exec md5sum {} + | sort | uniq -w32 -dD',
    category: 'file-management',
    author: 'grep_guru',
    tags: ['find', 'md5sum', 'sort', 'uniq'],
    daysAgo: 12,
    description: [
      p(
        `${code('md5sum')} prints a 32-character hash before each file name. Sorting puts identical hashes next to each other, and ${code('uniq -w32')} compares only those first 32 characters.`,
      ),
      p(
        `${code('-D')} prints every line of each duplicate group (${code('-d')} alone would print one per group).`,
      ),
      p(
        `MD5 is fine for finding duplicates (it is not a security check here). On big trees, ${code('fdupes -r .')} is faster because it compares sizes first.`,
      ),
    ].join(''),
    comments: [
      { author: 'cron_jon', text: 'Found 4 GB of duplicated photos with this. Thank you!', after: 9 },
    ],
  },
]

const textProcessing: SeedCommand[] = [
  {
    title: 'Search code recursively with line numbers',
    command: "grep -rn --include='*.ts' -e 'TODO' src/",
    category: 'text-processing',
    author: 'grep_guru',
    tags: ['grep'],
    daysAgo: 59,
    description: [
      ul(
        `${code('-r')} searches the directory recursively, ${code('-n')} prints line numbers.`,
        `${code("--include='*.ts'")} limits the search to matching file names. Quote it so the shell does not expand the glob.`,
        `${code('-e')} marks the pattern explicitly, which is safe even when it starts with a dash.`,
      ),
      p(
        `Add ${code('-w')} for whole words and ${code('-i')} to ignore case. In a big repository, ${code('rg -n TODO -g "*.ts"')} (ripgrep) is faster and respects ${code('.gitignore')}.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'zsh_zoe',
        text: '`git grep -n TODO` is even faster inside a repository and skips ignored files automatically.',
        after: 6,
      },
      {
        author: 'grep_guru',
        text: 'True! I keep plain grep for servers where there is no repository around.',
        after: 7,
      },
    ],
  },
  {
    title: 'Count requests per IP in an access log',
    command: "awk '{print $1}' access.log | sort | uniq -c | sort -rn | head -n 20",
    category: 'text-processing',
    author: 'awk_ward',
    tags: ['awk', 'sort', 'uniq', 'head'],
    daysAgo: 55,
    description: [
      p(
        `In the common and combined log formats the first field is the client address. ${code('sort | uniq -c | sort -rn')} is the classic counting idiom: ${code('uniq')} only merges ${em('adjacent')} lines, which is why the first ${code('sort')} is needed.`,
      ),
      p('On very large logs, counting in awk avoids sorting every line:'),
      pre("awk '{c[$1]++} END {for (ip in c) print c[ip], ip}' access.log | sort -rn | head -n 20"),
    ].join(''),
    comments: [
      { author: 'kernel_kate', text: 'Swap $1 for $7 to get the most requested URLs instead.', after: 2 },
      {
        author: 'pipe_dream',
        text: 'The all-awk version is noticeably faster on a 2 GB log, thanks for including it.',
        after: 18,
      },
      {
        author: 'tty_tom',
        text: "Behind a load balancer the first field is the balancer's address. Log X-Forwarded-For if you want real clients.",
        after: 40,
      },
    ],
  },
  {
    title: 'Replace a word in every file of a project',
    command: "grep -rlZ 'oldName' src/ | xargs -0 sed -i 's/\\boldName\\b/newName/g'",
    category: 'text-processing',
    author: 'sed_sally',
    tags: ['grep', 'xargs', 'sed'],
    daysAgo: 48,
    description: [
      ul(
        `${code('grep -l')} prints only the names of files that match; ${code('-Z')} ends each name with a NUL byte.`,
        `${code('xargs -0')} reads NUL-separated names, so names with spaces or quotes survive.`,
        `${code('sed -i')} edits in place; ${code('\\b')} (a GNU sed extension) matches word boundaries, so ${code('oldNameSuffix')} is left alone.`,
      ),
      p(`Commit first, or use ${code('-i.bak')} to keep backups. On macOS, BSD sed needs ${code("-i ''")}.`),
    ].join(''),
    comments: [
      {
        author: 'grep_guru',
        text: 'The -Z / -0 pair is the part most people forget. File names with spaces will bite you otherwise.',
        after: 5,
      },
      {
        author: 'demo_contributor',
        text: 'Ran git diff right after: exactly the changes I wanted.',
        after: 70,
      },
    ],
  },
  {
    title: 'Pretty-print and filter JSON from an API',
    command:
      "curl -s https://api.github.com/repos/torvalds/linux | jq '{name, stars: .stargazers_count, language}'",
    category: 'text-processing',
    author: 'demo_contributor',
    tags: ['curl', 'jq'],
    daysAgo: 20,
    description: [
      p(
        `${code('curl -s')} hides the progress meter so only the JSON reaches ${code('jq')}. The filter builds a new object: ${code('name')} is copied as is, ${code('stars')} is renamed from ${code('.stargazers_count')}.`,
      ),
      ul(
        `${code('jq .')} alone just pretty-prints.`,
        `${code('jq -r')} prints strings without quotes, handy in scripts.`,
        `${code("jq '.[] | .name'")} walks an array.`,
      ),
      p(`The ${a('https://jqlang.org/manual/', 'jq manual')} is short and worth a read.`),
    ].join(''),
    comments: [
      { author: 'awk_ward', text: "jq -r '.[] | .name' over an array is the one I use most.", after: 3 },
      { author: 'cron_jon', text: "Didn't know you could rename keys inline like that.", after: 27 },
    ],
  },
  {
    title: 'Top 10 most frequent words in a text',
    command:
      "tr -cs '[:alpha:]' '\\n' < book.txt | tr '[:upper:]' '[:lower:]' | sort | uniq -c | sort -rn | head",
    category: 'text-processing',
    author: 'awk_ward',
    tags: ['tr', 'sort', 'uniq', 'head'],
    daysAgo: 6,
    hoursAgo: 4,
    description: [
      p(
        `${code('tr -c')} works on the ${em('complement')} of the letters and ${code('-s')} squeezes repeats, so every run of non-letters becomes a single newline: one word per line. The second ${code('tr')} lowercases, then the usual counting idiom does the rest.`,
      ),
      p("This is essentially Doug McIlroy's famous six-command answer to a word-counting problem from 1986."),
    ].join(''),
    comments: [
      {
        author: 'kernel_kate',
        text: "McIlroy's pipeline! Still the best argument for small tools.",
        after: 1,
      },
    ],
  },
]

const networking: SeedCommand[] = [
  {
    title: 'See which process is listening on a port',
    command: "sudo ss -ltnp 'sport = :8080'",
    category: 'networking',
    author: 'kernel_kate',
    tags: ['ss'],
    daysAgo: 53,
    description: [
      p(`${code('ss')} (from iproute2) replaces ${code('netstat')}.`),
      ul(
        `${code('-l')} listening sockets, ${code('-t')} TCP, ${code('-n')} numeric ports and addresses.`,
        `${code('-p')} shows the owning process; other users' processes are only visible as root.`,
        `${code("'sport = :8080'")} is a filter on the source port; drop it to list every listener.`,
      ),
    ].join(''),
    comments: [
      { author: 'demo_member', text: 'Is this the same as netstat -tlnp?', after: 12 },
      {
        author: 'kernel_kate',
        text: 'Same information, yes. netstat lives in net-tools, which many distributions no longer install by default; ss ships with iproute2.',
        after: 14,
      },
    ],
  },
  {
    title: 'Check whether a remote TCP port is open',
    command: 'nc -zv -w 3 example.com 443',
    category: 'networking',
    author: 'pipe_dream',
    tags: ['nc'],
    daysAgo: 41,
    description: [
      p(
        `${code('-z')} connects without sending anything, ${code('-v')} prints the result, ${code('-w 3')} gives up after three seconds.`,
      ),
      p(`No ${code('nc')} in a minimal container? Bash can open TCP connections itself:`),
      pre("timeout 3 bash -c '</dev/tcp/example.com/443' && echo open"),
    ].join(''),
    comments: [
      {
        author: 'tty_tom',
        text: 'The /dev/tcp trick saved me in a minimal container without nc.',
        after: 16,
      },
    ],
  },
  {
    title: 'Time every phase of an HTTP request',
    command:
      "curl -o /dev/null -s -w 'dns %{time_namelookup}s connect %{time_connect}s tls %{time_appconnect}s ttfb %{time_starttransfer}s total %{time_total}s\\n' https://example.com",
    category: 'networking',
    author: 'grep_guru',
    tags: ['curl'],
    daysAgo: 26,
    description: [
      p(
        `${code('-w')} prints variables after the transfer; ${code('-o /dev/null')} throws the body away. Each time is measured from the start of the request, so the phases add up.`,
      ),
      ul(
        `A large ${code('dns')} value: the resolver is slow.`,
        `A large gap between ${code('tls')} and ${code('ttfb')}: the server is thinking.`,
        `A large gap between ${code('ttfb')} and ${code('total')}: the body is big or the link is slow.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'demo_contributor',
        text: 'Put the format in a file and use -w @curl-format.txt to keep the command short.',
        after: 6,
      },
      { author: 'awk_ward', text: "Handy for proving it's DNS. It's always DNS.", after: 9 },
    ],
  },
  {
    title: 'Reach a remote database through an SSH tunnel',
    command: 'ssh -N -L 5433:localhost:5432 deploy@db.example.com',
    category: 'networking',
    author: 'zsh_zoe',
    tags: ['ssh'],
    daysAgo: 35,
    description: [
      p(
        `${code('-L 5433:localhost:5432')} forwards local port 5433 to port 5432 as seen ${em('from the remote host')}, so ${code('localhost')} here is the database server itself. ${code('-N')} runs no remote command; the connection only carries the tunnel.`,
      ),
      p(
        `Then connect locally with ${code('psql -h localhost -p 5433')}. Add ${code('-f')} to send ssh to the background once it is connected.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'pipe_dream',
        text: 'In scripts add -o ExitOnForwardFailure=yes, so ssh fails loudly when the local port is taken.',
        after: 11,
      },
    ],
  },
  {
    title: 'Look up DNS records quickly',
    command: 'dig +short MX gmail.com',
    category: 'networking',
    author: 'kernel_kate',
    tags: ['dig'],
    daysAgo: 17,
    description: [
      p(
        `${code('+short')} prints only the answers. Swap the type for ${code('A')}, ${code('AAAA')}, ${code('TXT')}, ${code('NS')} or ${code('CNAME')}.`,
      ),
      ul(
        `${code('dig @1.1.1.1 example.com')} asks a specific resolver, useful to compare with your own.`,
        `${code('dig +trace example.com')} follows the delegation from the root servers down.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'sed_sally',
        text: 'dig +short TXT _dmarc.example.com is my go-to when mail lands in spam.',
        after: 4,
      },
    ],
  },
  {
    title: 'Deploy a build folder with rsync over SSH',
    command: 'rsync -az --delete -e ssh ./dist/ deploy@web1.example.com:/var/www/app/',
    category: 'networking',
    author: 'demo_contributor',
    tags: ['rsync'],
    daysAgo: 9,
    description: [
      p(`Only changed files travel, compressed (${code('-z')}), over SSH (${code('-e ssh')}).`),
      p(
        `${code('--delete')} removes files on the server that no longer exist locally, so the destination becomes an exact mirror. ${strong('Try it with --dry-run first')}: with a wrong path or a missing trailing slash, ${code('--delete')} can empty the wrong directory.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'kernel_kate',
        text: 'Seconding --dry-run. --delete with the wrong trailing slash is a classic way to empty a web root.',
        after: 3,
      },
    ],
  },
]

const systemMonitoring: SeedCommand[] = [
  {
    title: 'Follow a log and show only server errors',
    command: "tail -F /var/log/nginx/access.log | grep --line-buffered '\" 50[0-9] '",
    category: 'system-monitoring',
    author: 'grep_guru',
    tags: ['tail', 'grep'],
    daysAgo: 46,
    description: [
      ul(
        `${code('tail -F')} follows the file ${em('by name')}, so it keeps going after logrotate replaces the file; ${code('-f')} would stay on the old, renamed one.`,
        `${code('--line-buffered')} makes grep write each line at once, which matters when you pipe it further.`,
        `The pattern matches a 5xx status right after the quoted request line of the combined log format.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'tty_tom',
        text: 'Did not know about -F vs -f. That explains why my tail went silent every morning after logrotate.',
        after: 20,
      },
    ],
  },
  {
    title: 'Memory usage at a glance',
    command: 'free -h',
    category: 'system-monitoring',
    author: 'demo_moderator',
    tags: ['free'],
    daysAgo: 58,
    description: [
      p(
        `Read the ${strong('available')} column, not ${em('free')}. Linux uses spare memory as page cache, so ${em('free')} is always small on a healthy machine; ${em('available')} estimates how much new programs can get without swapping.`,
      ),
      p(`${code('free -h -s 2')} repeats every two seconds.`),
    ].join(''),
    comments: [
      {
        author: 'demo_member',
        text: 'The available-versus-free explanation finally made this make sense to me.',
        after: 300,
      },
    ],
  },
  {
    title: 'Disk space per filesystem, without the noise',
    command: 'df -hT -x tmpfs -x devtmpfs -x squashfs',
    category: 'system-monitoring',
    author: 'awk_ward',
    tags: ['df'],
    daysAgo: 40,
    description: [
      p(
        `${code('-T')} adds the filesystem type, and each ${code('-x')} hides a type: memory-backed tmpfs mounts and the squashfs images that snap packages mount.`,
      ),
      p(
        `If a disk says it is full while ${code('df -h')} shows free space, run ${code('df -i')}: it has run out of inodes, usually because of millions of tiny files.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'kernel_kate',
        text: 'The inode tip is gold. Millions of tiny session files did that to one of our servers.',
        after: 7,
      },
    ],
  },
  {
    title: "Follow a systemd service's logs",
    command: "journalctl -u nginx.service -f --since '10 min ago'",
    category: 'system-monitoring',
    author: 'kernel_kate',
    tags: ['journalctl'],
    daysAgo: 24,
    description: [
      ul(
        `${code('-u')} picks the unit, ${code('-f')} follows new entries, ${code('--since')} accepts relative times.`,
        `${code('-p err')} shows only errors and worse, ${code('-b')} only the current boot.`,
        `${code('-o cat')} prints the bare messages without timestamps and host names.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'zsh_zoe',
        text: 'journalctl -b -1 -p err after an unexpected reboot is my favourite variant.',
        after: 10,
      },
    ],
  },
  {
    title: 'Extended I/O statistics per disk',
    command: 'iostat -xz 2',
    category: 'system-monitoring',
    author: 'sed_sally',
    tags: ['iostat'],
    daysAgo: 3,
    hoursAgo: 6,
    description: [
      p(
        `From the ${code('sysstat')} package. ${code('-x')} prints extended columns, ${code('-z')} hides idle devices, and ${code('2')} refreshes every two seconds.`,
      ),
      p(
        `Ignore the first report: it averages everything since boot. Then watch ${code('%util')} and the ${code('r_await')} / ${code('w_await')} latencies: a disk near 100% with rising waits is your bottleneck.`,
      ),
    ].join(''),
  },
]

const processes: SeedCommand[] = [
  {
    title: 'Top memory-hungry processes',
    command: 'ps aux --sort=-%mem | head -n 11',
    category: 'processes',
    author: 'demo_contributor',
    tags: ['ps', 'head'],
    daysAgo: 50,
    description: [
      p(
        `${code('--sort=-%mem')} sorts by memory share, largest first (the minus means descending). ${code('head -n 11')} keeps the header plus ten processes.`,
      ),
      p(
        `The ${code('RSS')} column is resident memory in KiB. Use ${code('--sort=-%cpu')} for the CPU hogs instead.`,
      ),
    ].join(''),
    comments: [
      { author: 'awk_ward', text: 'ps -eo pid,rss,comm --sort=-rss | head gives a tidier table.', after: 5 },
    ],
  },
  {
    title: 'Stop whatever is listening on port 3000',
    command: 'lsof -t -i TCP:3000 -s TCP:LISTEN | xargs -r kill',
    category: 'processes',
    author: 'zsh_zoe',
    tags: ['lsof', 'xargs', 'kill'],
    daysAgo: 22,
    description: [
      ul(
        `${code('-t')} prints only process ids, ready for ${code('kill')}.`,
        `${code('-s TCP:LISTEN')} keeps only the listener: without it you would also kill every client connected to the port, your browser included.`,
        `${code('xargs -r')} does nothing when nothing is listening.`,
      ),
      p(
        `${code('kill')} sends SIGTERM, letting the program clean up. Only reach for ${code('kill -9')} if it ignores that.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'demo_member',
        text: 'This is the one I needed. My dev server kept leaving an orphan process holding the port.',
        after: 15,
      },
      {
        author: 'tty_tom',
        text: 'Nice touch filtering to LISTEN, otherwise you kill your own browser connections too.',
        after: 28,
      },
    ],
  },
  {
    title: 'Keep a job running after you log out',
    command: 'nohup ./long-job.sh > job.log 2>&1 &',
    category: 'processes',
    author: 'pipe_dream',
    tags: ['nohup'],
    daysAgo: 47,
    description: [
      p(
        `${code('nohup')} makes the job ignore SIGHUP, the signal sent when your terminal goes away, and ${code('&')} runs it in the background.`,
      ),
      p(
        `Redirection order matters: ${code('> job.log 2>&1')} sends stdout to the file and then stderr to the same place. Written the other way round, stderr still goes to the terminal.`,
      ),
      p(
        `For anything you want to come back to, ${code('tmux')} or ${code('systemd-run --user')} are better tools.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'sed_sally',
        text: 'The bit about redirect order is what trips everyone up. 2>&1 > file does something else entirely.',
        after: 9,
      },
      {
        author: 'kernel_kate',
        text: "Or setsid, if you also want it out of the shell's job table.",
        after: 30,
      },
    ],
  },
  {
    title: 'Find processes by name, with full command lines',
    command: "pgrep -af 'python.*manage.py'",
    category: 'processes',
    author: 'grep_guru',
    tags: ['pgrep'],
    daysAgo: 31,
    description: [
      p(
        `${code('-f')} matches the pattern against the whole command line, not just the program name, and ${code('-a')} prints that command line next to each pid.`,
      ),
      p(
        `No more ${code('ps aux | grep x | grep -v grep')}. ${code('pkill')} takes the same options, so check the list with ${code('pgrep')} before you send a signal.`,
      ),
    ].join(''),
    comments: [{ author: 'awk_ward', text: "Goodbye grep -v grep, you won't be missed.", after: 2 }],
  },
  {
    title: 'Kill a command that runs too long',
    command: 'timeout --kill-after=5s 30s ./flaky-test.sh',
    category: 'processes',
    author: 'sed_sally',
    tags: ['timeout'],
    daysAgo: 0,
    hoursAgo: 5,
    description: [
      p(`Sends SIGTERM after 30 seconds and, if the command is still alive five seconds later, SIGKILL.`),
      p(
        `When the time runs out, ${code('timeout')} exits with status ${strong('124')}, so a script or CI job can tell a hang from an ordinary failure.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'cron_jon',
        text: 'Exit code 124 is exactly what I needed to tell timeouts apart from failures in CI.',
        after: 1,
      },
    ],
  },
]

const archives: SeedCommand[] = [
  {
    title: 'Create a dated, compressed backup tarball',
    command: 'tar -czf "backup-$(date +%F).tar.gz" -C "$HOME" projects',
    category: 'archives-compression',
    author: 'demo_moderator',
    tags: ['tar'],
    daysAgo: 56,
    description: [
      ul(
        `${code('-c')} creates, ${code('-z')} compresses with gzip, ${code('-f')} names the archive.`,
        `${code('$(date +%F)')} expands to ${code('YYYY-MM-DD')}, so the backups sort by date.`,
        `${code('-C "$HOME"')} changes directory first, so the archive stores ${code('projects/…')} instead of ${code('home/you/projects/…')}.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'zsh_zoe',
        text: 'The -C trick keeps the archive from unpacking into home/you/projects. Nice.',
        after: 100,
      },
    ],
  },
  {
    title: 'Extract a release tarball into a directory',
    command: 'tar -xzf release.tar.gz -C /opt/app --strip-components=1',
    category: 'archives-compression',
    author: 'awk_ward',
    tags: ['tar'],
    daysAgo: 36,
    description: [
      p(
        `${code('-C /opt/app')} extracts there (the directory must exist). ${code('--strip-components=1')} drops the top-level folder that release archives usually wrap everything in, such as ${code('release-1.2.3/')}.`,
      ),
      p(`GNU tar detects the compression when extracting, so ${code('-z')} is optional there.`),
    ].join(''),
    comments: [
      {
        author: 'demo_member',
        text: '--strip-components is exactly what I was missing for GitHub release tarballs.',
        after: 40,
      },
    ],
  },
  {
    title: 'List an archive without extracting it',
    command: 'tar -tvzf release.tar.gz | less',
    category: 'archives-compression',
    author: 'pipe_dream',
    tags: ['tar', 'less'],
    daysAgo: 27,
    description: [
      p(`${code('-t')} lists the contents, ${code('-v')} adds permissions, owner, size and date.`),
      p(
        `Before extracting an archive from someone else, look for absolute paths or ${code('../')} entries. For zip files the equivalent is ${code('unzip -l file.zip')}.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'kernel_kate',
        text: 'Checking for ../ before extracting untrusted archives should be a habit. Good call.',
        after: 6,
      },
    ],
  },
  {
    title: 'Compress a huge file with zstd on every core',
    command: 'zstd -T0 -19 big.log -o big.log.zst',
    category: 'archives-compression',
    author: 'grep_guru',
    tags: ['zstd'],
    daysAgo: 15,
    description: [
      p(
        `${code('-T0')} uses one thread per core. Level ${code('-19')} compresses slowly but tightly; decompression stays fast at every level. The default level is 3.`,
      ),
      p(
        `Decompress with ${code('zstd -d big.log.zst')}. GNU tar can use it directly: ${code('tar --zstd -cf archive.tar.zst dir/')}.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'sed_sally',
        text: "Level 3 with -T0 is my sweet spot: about gzip -9's ratio in a fraction of the time.",
        after: 12,
      },
    ],
  },
  {
    title: 'Stream a directory to another host without a temp file',
    command: "tar -czf - data | ssh backup@nas.example.com 'tar -xzf - -C /srv/backups'",
    category: 'archives-compression',
    author: 'kernel_kate',
    tags: ['tar', 'ssh'],
    daysAgo: 10,
    description: [
      p(
        `${code('-f -')} means standard output on the left and standard input on the right, so the archive flows through the SSH connection and never touches the local disk.`,
      ),
      p(`On a fast local network, drop ${code('-z')} on both sides: compression becomes the bottleneck.`),
    ].join(''),
    comments: [{ author: 'zsh_zoe', text: 'Add pv in the middle of the pipe for a progress bar.', after: 8 }],
  },
]

const permissions: SeedCommand[] = [
  {
    title: 'Fix directory and file permissions separately',
    command: 'find /var/www/site -type d -exec chmod 755 {} + -o -type f -exec chmod 644 {} +',
    category: 'permissions-users',
    author: 'sed_sally',
    tags: ['find', 'chmod'],
    daysAgo: 43,
    description: [
      p(
        `${code('chmod -R 755')} would make every file executable. Directories need the ${code('x')} bit to be entered, files usually do not, so this sets 755 on directories and 644 on files in one pass.`,
      ),
      p(
        `A shorter symbolic form does the same: ${code('chmod -R u=rwX,go=rX /var/www/site')}. The capital ${code('X')} adds execute only to directories (and to files that are already executable).`,
      ),
    ].join(''),
    comments: [
      { author: 'awk_ward', text: 'The capital-X variant is new to me and much shorter.', after: 3 },
      {
        author: 'grep_guru',
        text: 'Also check the owner: half of all permission problems are really chown problems.',
        after: 17,
      },
    ],
  },
  {
    title: 'Add yourself to a group without logging out',
    command: 'sudo usermod -aG docker "$USER" && newgrp docker',
    category: 'permissions-users',
    author: 'zsh_zoe',
    tags: ['usermod', 'newgrp'],
    daysAgo: 39,
    description: [
      p(
        `${strong('Never forget -a.')} ${code('usermod -G')} alone ${em('replaces')} your supplementary groups, which can remove you from ${code('sudo')}.`,
      ),
      p(
        `${code('newgrp docker')} starts a shell with the new group active; other sessions pick it up at the next login.`,
      ),
      p(`Be aware that membership in the ${code('docker')} group is equivalent to root on that machine.`),
    ].join(''),
    comments: [
      {
        author: 'kernel_kate',
        text: 'Thank you for the warning about -a. I once removed myself from sudo on a remote box this way.',
        after: 2,
      },
      {
        author: 'demo_member',
        text: 'The note that the docker group equals root is important, good to see it here.',
        after: 48,
      },
    ],
  },
  {
    title: 'Show owner, group and octal mode of a file',
    command: "stat -c '%U:%G %a %n' /etc/passwd /etc/shadow",
    category: 'permissions-users',
    author: 'demo_contributor',
    tags: ['stat'],
    daysAgo: 32,
    description: [
      p(
        `${code('%U')} and ${code('%G')} are the owner and group names, ${code('%a')} the octal mode, ${code('%n')} the file name. On Debian this prints ${code('root:root 644 /etc/passwd')} and ${code('root:shadow 640 /etc/shadow')}.`,
      ),
      p(
        `Debugging a ${em('Permission denied')} deep in a path? ${code('namei -l /path/to/file')} shows the permissions of every directory along the way.`,
      ),
    ].join(''),
    comments: [{ author: 'pipe_dream', text: 'namei -l is the hidden gem here.', after: 4 }],
  },
  {
    title: 'Change ownership of a whole tree',
    command: 'sudo chown -R www-data:www-data /var/www/site',
    category: 'permissions-users',
    author: 'kernel_kate',
    tags: ['chown'],
    daysAgo: 28,
    description: [
      p(
        `${code('-R')} recurses; ${code('user:group')} sets both at once (${code(':group')} alone changes only the group).`,
      ),
      p(
        `${code('--from=root')} limits the change to files currently owned by root, which is perfect for cleaning up after a container that wrote files as root. And read the path twice before pressing Enter: a stray space in a recursive ${code('chown')} is a classic disaster.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'tty_tom',
        text: '--from is brilliant for cleaning up after a container wrote files as root.',
        after: 21,
      },
    ],
  },
]

const gitTools: SeedCommand[] = [
  {
    title: 'Readable one-line history graph',
    command: 'git log --oneline --graph --decorate --all',
    category: 'git-dev-tools',
    author: 'demo_contributor',
    tags: ['git'],
    daysAgo: 54,
    description: [
      p(
        'One line per commit, branches drawn as a graph, branch and tag names next to their commits, every branch included.',
      ),
      p(
        `Save it as an alias: ${code('git config --global alias.lg "log --oneline --graph --decorate --all"')}, then type ${code('git lg')}.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'sed_sally',
        text: 'git lg has been in my gitconfig for years. Add --date=relative with a custom format for extra polish.',
        after: 10,
      },
    ],
  },
  {
    title: 'Undo the last commit but keep the changes',
    command: 'git reset --soft HEAD~1',
    category: 'git-dev-tools',
    author: 'zsh_zoe',
    tags: ['git'],
    daysAgo: 42,
    description: [
      ul(
        `${code('--soft')} moves the branch back one commit and leaves the changes staged.`,
        `${code('--mixed')} (the default) leaves them in the working tree, unstaged.`,
        `${code('--hard')} throws them away. Careful.`,
      ),
      p(
        `If the commit is already pushed, prefer ${code('git revert')}. And if you reset too far, ${code('git reflog')} still knows where you were.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'demo_member',
        text: 'I have searched for this exact command at least twenty times. Bookmarked.',
        after: 25,
      },
      {
        author: 'pipe_dream',
        text: 'git commit --amend covers the other common case: you only wanted to fix the message or add a file.',
        after: 29,
      },
    ],
  },
  {
    title: 'Delete local branches that are already merged',
    command: "git branch --merged main | grep -vE '^[*+]|^\\s*main$' | xargs -r git branch -d",
    category: 'git-dev-tools',
    author: 'grep_guru',
    tags: ['git', 'grep', 'xargs'],
    daysAgo: 25,
    description: [
      p(
        `Lists branches fully merged into ${code('main')}, drops the current branch (${code('*')}), branches checked out in other worktrees (${code('+')}) and ${code('main')} itself, then deletes the rest.`,
      ),
      p(
        `${code('git branch -d')} (lower case) refuses to delete anything unmerged, so this is safe. Squash-merged branches are not detected as merged; delete those by hand.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'kernel_kate',
        text: 'Run git fetch --prune first so stale remote-tracking branches disappear too.',
        after: 13,
      },
    ],
  },
  {
    title: 'Find the commit that added or removed a string',
    command: "git log -S 'API_TIMEOUT' --oneline --all",
    category: 'git-dev-tools',
    author: 'awk_ward',
    tags: ['git'],
    daysAgo: 16,
    description: [
      p(
        `The ${em('pickaxe')}: ${code('-S')} finds commits that changed how many times the string occurs, which means the commits that added or removed it.`,
      ),
      p(
        `${code('-G')} takes a regular expression and matches any changed line instead. Add ${code('-p')} to see the patches.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'zsh_zoe',
        text: 'The pickaxe is so underrated. Found when a config key vanished in seconds.',
        after: 7,
      },
    ],
  },
  {
    title: 'Binary-search history for the commit that broke the tests',
    command: 'git bisect start HEAD v1.4.0 && git bisect run npm test',
    category: 'git-dev-tools',
    author: 'sed_sally',
    tags: ['git'],
    daysAgo: 0,
    hoursAgo: 2,
    description: [
      p(
        `${code('git bisect start <bad> <good>')} marks the range; ${code('git bisect run')} then checks out commits and runs the command on each, halving the range every time.`,
      ),
      ul(
        `Exit status 0 means good, 1 to 127 means bad, and 125 means "cannot test this one, skip it".`,
        `Finish with ${code('git bisect reset')} to return to where you started.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'grep_guru',
        text: 'bisect run is magic. Forty commits checked while I made coffee.',
        after: 1,
      },
    ],
  },
]

const docker: SeedCommand[] = [
  {
    title: 'Clean up stopped containers, unused networks and dangling images',
    command: 'docker system prune -f',
    category: 'docker-containers',
    author: 'demo_moderator',
    tags: ['docker'],
    daysAgo: 49,
    description: [
      p('Removes stopped containers, unused networks, dangling images and the build cache, without asking.'),
      ul(
        `${code('-a')} also removes images no container uses, not just dangling ones.`,
        `${code('--volumes')} removes unused volumes too. ${strong('That is where databases keep their data')}, so think twice.`,
        `${code('docker system df')} shows what is using the space before you prune.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'tty_tom',
        text: 'docker system df before and after is very satisfying. 30 GB back on my laptop.',
        after: 33,
      },
    ],
  },
  {
    title: 'Open a shell inside a running container',
    command: 'docker exec -it web sh',
    category: 'docker-containers',
    author: 'zsh_zoe',
    tags: ['docker'],
    daysAgo: 37,
    description: [
      p(
        `${code('-i')} keeps standard input open and ${code('-t')} allocates a terminal. Use ${code('bash')} if the image has it; slim and Alpine images only ship ${code('sh')}. Add ${code('-u root')} when the image runs as an unprivileged user.`,
      ),
      p(
        'Distroless images have no shell at all. Attach a throwaway busybox that shares their namespaces instead:',
      ),
      pre('docker run -it --rm --pid=container:web --network=container:web busybox sh'),
    ].join(''),
    comments: [
      {
        author: 'kernel_kate',
        text: 'The busybox sidecar trick works for distroless images, which is where you usually need it most.',
        after: 5,
      },
    ],
  },
  {
    title: 'Follow the logs of one Compose service',
    command: 'docker compose logs -f --tail=100 api',
    category: 'docker-containers',
    author: 'demo_contributor',
    tags: ['docker'],
    daysAgo: 13,
    description: [
      p(
        `${code('--tail=100')} starts with the last hundred lines instead of the whole history, and ${code('-f')} keeps following. Name several services to interleave them, and add ${code('--timestamps')} when the app does not log its own.`,
      ),
      p(
        `This is Compose v2, the ${code('docker compose')} plugin; the old Python ${code('docker-compose')} takes the same options.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'awk_ward',
        text: '--tail saves so much scrolling when a service has been up for weeks.',
        after: 6,
      },
    ],
  },
  {
    title: 'Copy a file out of a container',
    command: 'docker cp web:/etc/nginx/nginx.conf ./nginx.conf',
    category: 'docker-containers',
    author: 'awk_ward',
    tags: ['docker'],
    daysAgo: 4,
    hoursAgo: 3,
    description: [
      p(
        `Works on stopped containers too. Swap the two arguments to copy into the container; directories are copied recursively.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'pipe_dream',
        text: 'Great for pulling the default config out of an image: docker create a container, docker cp, then docker rm.',
        after: 2,
      },
    ],
  },
]

const shellScripting: SeedCommand[] = [
  {
    title: 'Strict mode for bash scripts',
    command: 'set -euo pipefail',
    category: 'shell-scripting',
    author: 'kernel_kate',
    tags: ['set'],
    daysAgo: 52,
    description: [
      ul(
        `${code('-e')} exits as soon as a command fails.`,
        `${code('-u')} treats an unset variable as an error instead of an empty string.`,
        `${code('-o pipefail')} makes a pipeline fail when any stage fails, not only the last one.`,
      ),
      p(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion, meant literally
        `Caveats: ${code('-e')} does not fire inside ${code('if')} conditions or on the left of ${code('&&')} and ${code('||')}, and optional variables need ${code('${VAR:-}')}.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'sed_sally',
        text: 'Pair it with trap \'echo "failed at line $LINENO" >&2\' ERR and debugging gets much easier.',
        after: 3,
      },
      {
        author: 'grep_guru',
        text: 'Careful with grep in pipelines under pipefail: no match means exit status 1.',
        after: 11,
      },
    ],
  },
  {
    title: 'Retry until a service is healthy',
    command: 'until curl -fsS http://localhost:8080/healthz; do sleep 2; done',
    category: 'shell-scripting',
    author: 'pipe_dream',
    tags: ['curl', 'sleep'],
    daysAgo: 30,
    description: [
      p(
        `${code('until')} repeats the body while the command fails. ${code('-f')} makes curl fail on HTTP errors such as 503, and ${code('-sS')} hides the progress meter but still prints errors.`,
      ),
      p('In CI, give up eventually:'),
      pre('for i in $(seq 30); do curl -fsS http://localhost:8080/healthz && break; sleep 2; done'),
    ].join(''),
    comments: [
      {
        author: 'demo_contributor',
        text: 'Using this in CI before the integration tests. Works great with -f.',
        after: 19,
      },
    ],
  },
  {
    title: 'Run downloads in parallel',
    command: 'xargs -P 8 -n 1 curl -fsSLO < urls.txt',
    category: 'shell-scripting',
    author: 'awk_ward',
    tags: ['xargs', 'curl'],
    daysAgo: 18,
    description: [
      p(
        `${code('-P 8')} runs up to eight curl processes at once, ${code('-n 1')} gives each one URL. ${code('-O')} saves under the remote file name and ${code('-L')} follows redirects.`,
      ),
      p(`GNU ${code('parallel')} does the same with nicer output handling, if it is installed.`),
    ].join(''),
    comments: [
      { author: 'tty_tom', text: 'Went from ten minutes to under two for a few hundred files.', after: 26 },
    ],
  },
  {
    title: 'Read a file line by line, safely',
    command: 'while IFS= read -r line; do printf \'%s\\n\' "$line"; done < input.txt',
    category: 'shell-scripting',
    author: 'sed_sally',
    tags: ['read', 'printf'],
    daysAgo: 11,
    description: [
      ul(
        `${code('IFS=')} keeps leading and trailing whitespace.`,
        `${code('-r')} keeps backslashes as they are.`,
        `${code("printf '%s\\n'")} prints the line verbatim, where ${code('echo')} would interpret a line such as ${code('-n')}.`,
      ),
      p(`If the last line may lack a newline, use ${code('while IFS= read -r line || [ -n "$line" ]')}.`),
    ].join(''),
    comments: [
      {
        author: 'zsh_zoe',
        text: 'The detail for files without a trailing newline is something I learned from a painful bug.',
        after: 14,
      },
    ],
  },
  {
    title: 'Create a temp file that always cleans up',
    command: 'tmp=$(mktemp) && trap \'rm -f "$tmp"\' EXIT',
    category: 'shell-scripting',
    author: 'zsh_zoe',
    tags: ['mktemp', 'trap'],
    daysAgo: 5,
    description: [
      p(
        `${code('mktemp')} creates a file with a unique name that only you can read. The ${code('EXIT')} trap removes it however the script ends, including when ${code('set -e')} aborts it.`,
      ),
      p(
        `The single quotes delay expanding ${code('$tmp')} until the trap runs. For scratch directories use ${code('mktemp -d')} and ${code('rm -rf')}.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'kernel_kate',
        text: 'This plus set -euo pipefail is how every script I write starts now.',
        after: 8,
      },
    ],
  },
]

/** Every demo command, grouped by category. */
export const COMMANDS: readonly SeedCommand[] = [
  ...fileManagement,
  ...textProcessing,
  ...networking,
  ...systemMonitoring,
  ...processes,
  ...archives,
  ...permissions,
  ...gitTools,
  ...docker,
  ...shellScripting,
  ...SYSADMIN_COMMANDS,
  // Appended last, so the posts before them keep their generated votes.
  ...PLACEHOLDER_COMMANDS,
]
