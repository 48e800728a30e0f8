import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Catalogue } from './integrations/catalogue';
import type { MailOutbox } from './integrations/mail';
import type { PublicAnswers } from './http/public-answers';
import type { Storage } from './integrations/storage';
import type { Logger } from './logger';
import type { Auth } from './modules/accounts/auth';
import type { SessionCache } from './modules/accounts/session-cache';
import type { HealthProbe } from './modules/health/probe';
import type { EventBus } from './realtime/bus';

/** Everything a module may use. Built once in index.ts (or by a test) and passed to createApp. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  mail: MailOutbox;
  auth: Auth;
  catalogue: Catalogue;
  /** Uploaded files (avatars): DATA_DIR/uploads, the database (stored_uploads) or an S3-compatible bucket (docs/decisions/012). */
  storage: Storage;
  health: HealthProbe;
  /** Realtime fan-out to open event streams (in-process, or across instances on PostgreSQL). */
  events: EventBus;
  /** Answers the same for everyone, kept by URL for the front door (catalogue GETs). */
  publicAnswers: PublicAnswers;
  /** Checked sessions kept for a short time, emptied by access signals on every instance (decision 013). */
  sessions: SessionCache;
}
