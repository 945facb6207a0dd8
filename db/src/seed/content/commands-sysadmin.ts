import { a, code, em, p, pre, strong, ul } from './html.ts'
import type { SeedCommand } from './seed-command.ts'

/*
 * The second wave of demo commands: everyday system administration (disks, services, TLS, routing,
 * audits). They are appended after the first fifty, so the earlier posts keep their generated votes.
 */

const disksAndSystem: SeedCommand[] = [
  {
    title: 'List block devices with filesystems and mount points',
    command: 'lsblk -o NAME,SIZE,FSTYPE,MOUNTPOINT,MODEL',
    category: 'system-monitoring',
    author: 'kernel_kate',
    tags: ['lsblk'],
    daysAgo: 34,
    description: [
      p(
        `${code('lsblk')} draws every disk with its partitions as a tree, so you can see at once which partition holds which filesystem and where it is mounted.`,
      ),
      ul(
        `${code('-o')} picks the columns; ${code('lsblk --help')} lists them all (${code('UUID')} and ${code('LABEL')} are handy for ${code('/etc/fstab')}).`,
        `A partition with an empty ${code('MOUNTPOINT')} is not mounted: that is usually the new disk you just plugged in.`,
        `Add ${code('-d')} to show whole disks only, without partitions.`,
      ),
      p(`It reads sysfs, so it needs no root and never touches the disks themselves.`),
    ].join(''),
    comments: [
      {
        author: 'tty_tom',
        text: 'Adding the MODEL column finally told me which of two identical-looking NVMe drives was which.',
        after: 6,
      },
      {
        author: 'pipe_dream',
        text: 'lsblk -f is a quick shortcut when you only care about filesystems and UUIDs.',
        after: 21,
      },
    ],
  },
  {
    title: 'Explore disk usage interactively',
    command: 'ncdu -x /',
    category: 'system-monitoring',
    author: 'pipe_dream',
    tags: ['ncdu'],
    daysAgo: 19,
    description: [
      p(
        `${code('ncdu')} scans a directory tree once, then lets you browse it sorted by size with the arrow keys. It answers ${em('where did my disk space go?')} faster than any chain of ${code('du')} calls.`,
      ),
      ul(
        `${code('-x')} stays on the filesystem you started on, so ${code('/proc')} and network mounts are skipped.`,
        `Press ${code('d')} to delete the selected item (it asks first), ${code('g')} to toggle the size bars, ${code('q')} to quit.`,
        `Run it with ${code('sudo')} to count directories your user cannot read.`,
      ),
      p(
        `On a remote server, ${code('ncdu -o scan.json -x /')} saves a scan that ${code('ncdu -f scan.json')} can browse later.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'demo_member',
        text: 'Found 30 GB of old Docker volumes in two minutes with this. Installing it everywhere now.',
        after: 4,
      },
    ],
  },
  {
    title: 'Print the kernel release and CPU architecture',
    command: 'uname -srm',
    category: 'system-monitoring',
    author: 'demo_moderator',
    tags: ['uname'],
    daysAgo: 33,
    description: [
      p(
        `Prints three fields: the kernel name (${code('-s')}), its release (${code('-r')}) and the machine hardware name (${code('-m')}), for example ${code('Linux 6.1.0-18-amd64 x86_64')}.`,
      ),
      p(
        `That is exactly what a bug report or a download page asks for. The architecture tells you whether to fetch the ${code('x86_64')} (amd64) or ${code('aarch64')} (arm64) build.`,
      ),
      p(
        `For the distribution name and version, read ${code('/etc/os-release')} instead: ${code('uname')} only knows about the kernel.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'cron_jon',
        text: 'Good point about os-release. I always mixed up kernel version and distro version.',
        after: 10,
      },
    ],
  },
  {
    title: 'Show the CPU model, core and thread counts',
    command: "lscpu | grep -E '^ *(Model name|CPU\\(s\\)|Thread\\(s\\) per core|Core\\(s\\) per socket):'",
    category: 'system-monitoring',
    author: 'grep_guru',
    tags: ['lscpu', 'grep'],
    daysAgo: 14,
    description: [
      p(
        `${code('lscpu')} summarises the processor from ${code('/proc/cpuinfo')} and sysfs; the ${code('grep')} keeps the four lines people usually want.`,
      ),
      ul(
        `${code('CPU(s)')} is the number of logical CPUs, the figure ${code('nproc')} and ${code('make -j')} care about.`,
        `${code('Thread(s) per core')} of 2 means SMT (Hyper-Threading) is on.`,
        `The parentheses are escaped because ${code('grep -E')} would otherwise treat them as a group, and ${code('^ *')} allows for the indentation newer versions of ${code('lscpu')} add under the vendor line.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'awk_ward',
        text: 'nproc alone is enough inside scripts, but this is nicer when comparing two servers side by side.',
        after: 7,
      },
    ],
  },
  {
    title: 'List failed systemd services',
    command: 'systemctl list-units --type=service --state=failed',
    category: 'system-monitoring',
    author: 'kernel_kate',
    tags: ['systemctl'],
    daysAgo: 7,
    description: [
      p(
        `The first command to run after a reboot that did not go as planned: it lists every service unit whose last start failed.`,
      ),
      p('Then look at one of them:'),
      pre(`
systemctl status myapp.service
journalctl -u myapp.service -b
`),
      p(
        `Once it is fixed, ${code('sudo systemctl reset-failed')} clears the list. ${code('systemctl --failed')} is a shorter check that also shows failed units of other types, such as mounts and timers.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'zsh_zoe',
        text: 'I put this in my login message of the day, so I notice a broken unit the moment I ssh in.',
        after: 3,
      },
      {
        author: 'demo_member',
        text: 'Does reset-failed restart anything, or only forget the failure?',
        after: 12,
      },
      {
        author: 'kernel_kate',
        text: 'Only forgets it. The unit stays stopped until you start it again.',
        after: 13,
      },
    ],
  },
  {
    title: 'Watch a disk fill up in real time',
    command: "watch -d -n 5 'df -h /'",
    category: 'system-monitoring',
    author: 'sed_sally',
    tags: ['watch'],
    daysAgo: 2,
    description: [
      p(
        `${code('watch')} reruns a command every few seconds full-screen. ${code('-n 5')} sets the interval and ${code('-d')} highlights what changed since the last run, so a growing number stands out.`,
      ),
      p(
        `Quote the command when it has its own options or pipes. Useful while a backup, a log storm or a big download is running: press ${code('Ctrl+C')} to stop.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'grep_guru',
        text: 'watch -d on ss -s during a load test is also fun to look at.',
        after: 5,
      },
    ],
  },
  {
    title: 'Find deleted files that still hold disk space',
    command: 'sudo lsof -nP +L1',
    category: 'processes',
    author: 'zsh_zoe',
    tags: ['lsof'],
    daysAgo: 9,
    description: [
      p(
        `When ${code('df')} says the disk is full but ${code('du')} cannot find the space, a process usually still has a deleted file open. The space comes back only when that process closes it.`,
      ),
      ul(
        `${code('+L1')} lists open files with a link count below 1, i.e. deleted ones.`,
        `${code('-n')} and ${code('-P')} skip DNS and port-name lookups, which keeps it fast.`,
      ),
      p(
        `Restart the process named in the ${code('COMMAND')} column (often a log writer whose file was removed instead of rotated). ${strong('Do not')} delete logs that a running program still writes to; truncate them with ${code(': > file.log')} instead.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'tty_tom',
        text: 'This explained a 40 GB mystery on our build server: a deleted log still held open by a Java process.',
        after: 9,
      },
    ],
  },
]

const networkAndTls: SeedCommand[] = [
  {
    title: 'List every listening TCP and UDP port with its process',
    command: 'sudo ss -tulpn',
    category: 'networking',
    author: 'demo_contributor',
    tags: ['ss'],
    daysAgo: 23,
    description: [
      p(`A full inventory of what this machine accepts connections on.`),
      ul(
        `${code('-t')} and ${code('-u')}: TCP and UDP sockets.`,
        `${code('-l')}: only listening sockets.`,
        `${code('-p')}: the process that owns each one (needs root to see other users' processes).`,
        `${code('-n')}: numeric addresses and ports, no lookups.`,
      ),
      p(
        `A local address of ${code('0.0.0.0')} or ${code('[::]')} means every interface; ${code('127.0.0.1')} means only this machine can connect.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'awk_ward',
        text: 'Easy to remember as "tulpn". I run it right after every fresh server install.',
        after: 2,
      },
      {
        author: 'demo_member',
        text: 'Why do some services show up twice, once with 0.0.0.0 and once with [::]?',
        after: 30,
      },
      {
        author: 'kernel_kate',
        text: 'Those are separate IPv4 and IPv6 sockets for the same service. Both are normal.',
        after: 31,
      },
    ],
  },
  {
    title: 'Check when a server certificate expires',
    command:
      'openssl s_client -connect example.com:443 -servername example.com </dev/null 2>/dev/null | openssl x509 -noout -subject -issuer -dates',
    category: 'networking',
    author: 'grep_guru',
    tags: ['openssl'],
    daysAgo: 12,
    description: [
      p(
        `${code('s_client')} performs a TLS handshake and prints the certificate the server sends; ${code('x509')} then decodes it. ${code('notAfter')} is the expiry date.`,
      ),
      ul(
        `${code('-servername')} sends SNI. Without it, a server hosting many sites may hand you the wrong certificate.`,
        `${code('</dev/null')} closes the connection right after the handshake instead of waiting for input.`,
        `${code('2>/dev/null')} hides the handshake chatter.`,
      ),
      p(
        `To fail a monitoring check when fewer than 14 days remain, replace ${code('-dates')} with ${code('-checkend 1209600')}.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'sed_sally',
        text: 'The -checkend tip replaced a whole Python script in our monitoring.',
        after: 8,
      },
    ],
  },
  {
    title: 'Find which interface and gateway reach an address',
    command: 'ip route get 1.1.1.1',
    category: 'networking',
    author: 'pipe_dream',
    tags: ['ip'],
    daysAgo: 28,
    description: [
      p(
        `Asks the kernel's routing table which way a packet to that address would go, without sending anything. The answer names the gateway (${code('via')}), the interface (${code('dev')}) and the source address (${code('src')}) it would use.`,
      ),
      p(
        `Invaluable with VPNs, Docker bridges or several network cards, when ${code('ip route')} prints a long table and you only want the route that wins.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'zsh_zoe',
        text: 'Solved a "why does this traffic skip the VPN" puzzle in one line.',
        after: 15,
      },
    ],
  },
  {
    title: 'Reverse DNS lookup of an IP address',
    command: 'dig +short -x 8.8.8.8',
    category: 'networking',
    author: 'kernel_kate',
    tags: ['dig'],
    daysAgo: 1,
    description: [
      p(
        `${code('-x')} turns the address into a PTR query (here ${code('8.8.8.8.in-addr.arpa')}) and ${code('+short')} prints only the answer: ${code('dns.google.')}`,
      ),
      p(
        `Handy for putting names on the IPs in a log or a firewall report. An empty answer simply means nobody published a PTR record for that address. Learn more in the ${a('https://www.isc.org/bind/', 'BIND documentation')}.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'cron_jon',
        text: 'Piped the top IPs from my access log through this. Half of them were crawlers.',
        after: 6,
      },
    ],
  },
]

const filesTextAndAudits: SeedCommand[] = [
  {
    title: 'Find which config files mention a setting',
    command: "find /etc -name '*.conf' -type f -exec grep -l 'Listen 80' {} +",
    category: 'file-management',
    author: 'sed_sally',
    tags: ['find', 'grep'],
    daysAgo: 26,
    description: [
      p(
        `${code('find')} selects the files and hands them to ${code('grep')}; ${code('-l')} prints only the names of files that contain a match.`,
      ),
      ul(
        `${code('{} +')} passes many file names to one ${code('grep')} run, much faster than ${code('{} \\;')}, which starts one process per file.`,
        `Add ${code('-n')} and drop ${code('-l')} to see the matching lines with their numbers.`,
      ),
      p(`Run it with ${code('sudo')} for files that only root can read.`),
    ].join(''),
    comments: [
      {
        author: 'grep_guru',
        text: "grep -rl --include='*.conf' does the same, but this version is easier to extend with -mtime and friends.",
        after: 4,
      },
    ],
  },
  {
    title: 'Optimise PNG images on every CPU core',
    command: 'find . -name \'*.png\' -print0 | xargs -0 -r -P "$(nproc)" -n 8 optipng -quiet -o2',
    category: 'file-management',
    author: 'awk_ward',
    tags: ['find', 'xargs', 'optipng'],
    daysAgo: 6,
    description: [
      p(
        `${code('optipng')} shrinks PNG files losslessly. ${code('xargs -P')} runs several copies at once, one per core, each handed eight files (${code('-n 8')}).`,
      ),
      ul(
        `${code('-print0')} and ${code('-0')} separate names with NUL bytes, so spaces and quotes in file names are safe.`,
        `${code('-r')} runs nothing when no file matched.`,
        `${code('-o2')} is the default level, spelled out so it is easy to change; ${code('-o7')} squeezes a little more, much more slowly.`,
      ),
      p(`${em('Lossless')} means the pixels stay identical: only the encoding gets smaller.`),
    ].join(''),
    comments: [
      {
        author: 'demo_contributor',
        text: 'Cut our static assets folder by 18 percent and the build step barely noticed.',
        after: 11,
      },
    ],
  },
  {
    title: 'Edit a config file in place, keeping a backup',
    command: "sudo sed -i.bak 's/^#\\?PermitRootLogin .*/PermitRootLogin no/' /etc/ssh/sshd_config",
    category: 'text-processing',
    author: 'sed_sally',
    tags: ['sed'],
    daysAgo: 16,
    description: [
      p(
        `${code('-i.bak')} edits the file in place and first saves the original as ${code('sshd_config.bak')}, so a typo costs you a ${code('mv')}, not a locked-out server.`,
      ),
      ul(
        `${code('^#\\?')} matches the line whether or not it is commented out (GNU sed).`,
        `The whole line is replaced, so the setting appears once with the value you chose.`,
      ),
      p(
        `For sshd, check the result with ${code('sudo sshd -t')} before ${code('sudo systemctl reload ssh')} (the unit is ${code('sshd')} on Fedora and RHEL), and keep your current session open until a new login works.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'kernel_kate',
        text: 'sshd -t before reloading has saved me more than once. Great that it is mentioned.',
        after: 2,
      },
      {
        author: 'tty_tom',
        text: "On macOS the BSD sed wants -i '' instead, which bit me when I tried this locally.",
        after: 19,
      },
    ],
  },
  {
    title: 'List the human user accounts on a machine',
    command: "awk -F: '$3 >= 1000 && $3 < 65534 { print $1, $6, $7 }' /etc/passwd",
    category: 'permissions-users',
    author: 'awk_ward',
    tags: ['awk'],
    daysAgo: 37,
    description: [
      p(
        `${code('/etc/passwd')} has one line per account, fields separated by colons. Regular users get ids from 1000 up on Debian, Ubuntu and Fedora; lower ids are system accounts and ${code('65534')} is ${code('nobody')}.`,
      ),
      p(
        `The output shows each login name with its home directory and shell. A shell of ${code('/usr/sbin/nologin')} means the account cannot log in interactively.`,
      ),
      p(
        `Accounts from LDAP or another directory do not appear in this file; ${code('getent passwd')} lists those too.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'zsh_zoe',
        text: 'Swapping in getent passwd as the input makes it work with our LDAP users too.',
        after: 14,
      },
    ],
  },
  {
    title: 'Audit setuid programs',
    command: 'sudo find / -xdev -perm -4000 -type f -exec ls -l {} +',
    category: 'permissions-users',
    author: 'kernel_kate',
    tags: ['find', 'ls'],
    daysAgo: 21,
    description: [
      p(
        `A setuid program runs with its owner's rights (usually root) whoever starts it, so every one of them is a possible way up. This lists them all on the root filesystem.`,
      ),
      ul(
        `${code('-perm -4000')} matches files with the setuid bit set; use ${code('-2000')} for setgid.`,
        `${code('-xdev')} stays on one filesystem; repeat for ${code('/home')} or other mounts.`,
      ),
      p(
        `Expect ${code('passwd')}, ${code('sudo')}, ${code('su')}, ${code('mount')} and a few others. Save the list and compare it after upgrades: an unexpected newcomer deserves a close look.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'pipe_dream',
        text: 'Diffing this list weekly is a cheap intrusion alarm. Added it to our audit cron.',
        after: 7,
      },
    ],
  },
  {
    title: 'Turn a JSON array into CSV',
    command: "jq -r '.[] | [.name, .version, .license] | @csv' packages.json",
    category: 'text-processing',
    author: 'demo_contributor',
    tags: ['jq'],
    daysAgo: 4,
    description: [
      p(
        `For every object of the array, ${code('[...]')} builds a row of the chosen fields and ${code('@csv')} quotes and joins it. ${code('-r')} prints raw lines instead of JSON strings, so the output opens straight in a spreadsheet.`,
      ),
      p(`Add a header line first:`),
      pre(`jq -r '["name","version","license"], (.[] | [.name, .version, .license]) | @csv' packages.json`),
      p(`${code('@tsv')} gives tab-separated output instead.`),
    ].join(''),
    comments: [
      {
        author: 'cron_jon',
        text: 'The header trick with the comma operator is clever. Never thought of building it that way.',
        after: 5,
      },
    ],
  },
  {
    title: 'Snapshot CPU and memory use of every container',
    command: "docker stats --no-stream --format 'table {{.Name}}\\t{{.CPUPerc}}\\t{{.MemUsage}}'",
    category: 'docker-containers',
    author: 'zsh_zoe',
    tags: ['docker'],
    daysAgo: 0,
    hoursAgo: 5,
    description: [
      p(
        `${code('docker stats')} normally refreshes forever, like ${code('top')}. ${code('--no-stream')} prints one snapshot and exits, which is what you want in scripts and bug reports.`,
      ),
      p(
        `${code('--format')} takes a Go template; ${code('table')} adds a header and aligns the columns. Other fields include ${code('.MemPerc')}, ${code('.NetIO')} and ${code('.BlockIO')}.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'demo_moderator',
        text: 'Nice and short. Adding .MemPerc made it obvious which container was about to hit its limit.',
        after: 2,
      },
    ],
  },
]

/** The second wave of demo commands, appended after the first fifty. */
export const SYSADMIN_COMMANDS: readonly SeedCommand[] = [
  ...disksAndSystem,
  ...networkAndTls,
  ...filesTextAndAudits,
]
