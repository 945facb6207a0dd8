export interface SeedCategory {
  name: string
  slug: string
  description: string
}

/** The categories of the demo site, in the order they were created. */
export const CATEGORIES: readonly SeedCategory[] = [
  {
    name: 'File Management',
    slug: 'file-management',
    description: 'Finding, copying, moving, renaming and cleaning up files and directories.',
  },
  {
    name: 'Text Processing',
    slug: 'text-processing',
    description: 'grep, sed, awk, sort and friends: slicing, searching and reshaping text streams.',
  },
  {
    name: 'Networking',
    slug: 'networking',
    description:
      'Ports, sockets, DNS, HTTP and SSH: seeing what talks to what, and moving data between hosts.',
  },
  {
    name: 'System Monitoring',
    slug: 'system-monitoring',
    description: 'Memory, disks, load and logs: knowing what the machine is doing right now.',
  },
  {
    name: 'Processes',
    slug: 'processes',
    description: 'Starting, finding, prioritising, limiting and stopping running programs.',
  },
  {
    name: 'Archives & Compression',
    slug: 'archives-compression',
    description: 'tar, gzip, zstd and zip: packing files up for backups and transfers.',
  },
  {
    name: 'Permissions & Users',
    slug: 'permissions-users',
    description: 'Owners, groups, modes and sudo: who may read, write and run what.',
  },
  {
    name: 'Git & Dev Tools',
    slug: 'git-dev-tools',
    description: 'Everyday git and the small tools that make working on code faster.',
  },
  {
    name: 'Docker & Containers',
    slug: 'docker-containers',
    description: 'Running, inspecting, debugging and cleaning up containers and images.',
  },
  {
    name: 'Shell Scripting',
    slug: 'shell-scripting',
    description: 'Loops, traps, strict mode and the idioms that make bash scripts safe to run twice.',
  },
]
