// Byte quotas are entered in MB or GB (1024-based, as the file sizes are shown).
export type ByteUnit = 'MB' | 'GB';

const factor: Record<ByteUnit, number> = { MB: 1024 ** 2, GB: 1024 ** 3 };

/** The unit a limit reads best in: GB for whole gigabytes (and above 10 GB), else MB. */
export function unitFor(bytes: number): ByteUnit {
  return bytes >= factor.GB && (bytes % factor.GB === 0 || bytes >= 10 * factor.GB) ? 'GB' : 'MB';
}

export function fromBytes(bytes: number, unit: ByteUnit): number {
  return Math.round((bytes / factor[unit]) * 100) / 100;
}

export function toBytes(value: number, unit: ByteUnit): number {
  return Math.round(value * factor[unit]);
}
