import { readdirSync, readFileSync } from 'node:fs';

/** The server's process (the one whose DATA_DIR is the bench's), to read its CPU time; null when not found. */
export function serverPid(dataDir: string): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const env = readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0');
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'latin1');
      if (env.includes(`DATA_DIR=${dataDir}`) && cmd.includes('apps/server/dist/index.js')) return Number(entry);
    } catch {}
  }
  return null;
}
/** User + system CPU seconds of a process so far (Linux /proc, clock ticks of 1/100 s). */
export function cpuSeconds(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
