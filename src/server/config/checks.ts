import type { Config } from '.';

/** S3 settings make sense only together: a key without its secret, or S3_* without a bucket, is a mistake. */
export function checkStorage(env: NodeJS.ProcessEnv): string[] {
  const set = (name: string) => typeof env[name] === 'string' && env[name]!.trim() !== '';
  const problems: string[] = [];
  if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  const storage = env.STORAGE?.trim();
  if (!set('S3_BUCKET')) {
    if (storage === 's3') problems.push('STORAGE: s3 needs S3_BUCKET (and the other S3_* settings)');
    for (const name of ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL']) {
      if (set(name)) problems.push(`${name}: needs S3_BUCKET (without it avatars are stored in the database on PostgreSQL, under DATA_DIR/uploads on PGlite)`);
    }
  } else if (storage === 'local' || storage === 'database') {
    problems.push(`S3_BUCKET: set, but STORAGE=${storage} would ignore it (unset one of them)`);
  }
  return problems;
}

/** Stripe needs its key, webhook secret and both prices together: a half-configured Stripe is a mistake. */
export function checkStripe(env: NodeJS.ProcessEnv): string[] {
  const names = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_YEARLY'];
  const set = names.filter((name) => typeof env[name] === 'string' && env[name]!.trim() !== '');
  if (set.length === 0 || set.length === names.length) return [];
  return names.filter((name) => !set.includes(name)).map((name) => `${name}: required with ${set.join(', ')} (set all four Stripe settings or none)`);
}

/** DKIM needs its key, selector and domain together: a half-configured signer would sign nothing. */
export function checkDkim(env: NodeJS.ProcessEnv): string[] {
  const names = ['DKIM_PRIVATE_KEY', 'DKIM_SELECTOR', 'DKIM_DOMAIN'];
  const set = names.filter((name) => typeof env[name] === 'string' && env[name]!.trim() !== '');
  if (set.length === 0 || set.length === names.length) return [];
  return names.filter((name) => !set.includes(name)).map((name) => `${name}: required with ${set.join(', ')} (set all three DKIM settings or none)`);
}

/**
 * The storage adapter in use (docs/decisions/012): the operator's STORAGE, else S3 with S3_BUCKET,
 * else the database on PostgreSQL (every instance serves every picture) and files under
 * DATA_DIR/uploads on PGlite (one process owns the data directory anyway).
 */
export function storageKind(config: Pick<Config, 'storage'>, database: 'pglite' | 'postgres'): 'local' | 'database' | 's3' {
  return config.storage.chosen ?? (database === 'postgres' ? 'database' : 'local');
}

/** What the operator must hear at start about the storage: local files on a shared database. */
export function storageWarnings(config: Pick<Config, 'storage'>, database: 'pglite' | 'postgres'): string[] {
  if (database !== 'postgres' || storageKind(config, database) !== 'local') return [];
  return [
    `STORAGE=local on PostgreSQL: avatars are files in ${config.storage.uploadsDir}, which only this instance reads. With several instances, use one shared volume for it on every instance, or STORAGE=database or S3_BUCKET; otherwise pictures uploaded through one instance are missing on the others.`,
  ];
}
